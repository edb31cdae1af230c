/**
 * The accounts' pure rules: password strength, the password match, the verification code's length,
 * the reset link's token and the redirects' delays. The messages of a failed call are api.ts's,
 * beside the calls that fail.
 */

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const CODE_LENGTH = 6;

/** One point each: 8 or more characters, a lowercase letter, an uppercase letter, a digit, a symbol (0 to 5). */
export function passwordScore(password: string): number {
  return [password.length >= 8, /[a-z]/.test(password), /[A-Z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
}

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** 1 or less Weak, 2 Fair, 3 Good, 4-5 Strong. */
export function strengthLabel(score: number): StrengthLabel {
  if (score <= 1) return 'Weak';
  if (score === 2) return 'Fair';
  if (score === 3) return 'Good';
  return 'Strong';
}

/** The message for a new password and its confirmation, or undefined when they match (then the call may be made). */
export function mismatchError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_DO_NOT_MATCH;
}

/** What the code box keeps of what was typed or pasted: at most 6 characters, spaces dropped. */
export function cleanCode(typed: string): string {
  return typed.replace(/\s+/g, '').slice(0, CODE_LENGTH);
}

/** Verify is enabled once exactly 6 characters are entered. */
export function canVerify(code: string): boolean {
  return code.length === CODE_LENGTH;
}

/** What the reset page says of a link with no token in it (reset-link.ts, ResetPasswordForm.tsx). */
export const NO_TOKEN = 'This reset link is not complete. Please ask for a new one.';

/** The token of a reset link's path (`/passwordreset/{token}`, with or without a trailing slash), or '' when it has none. */
export function resetTokenFrom(pathname: string): string {
  const match = /^\/passwordreset\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

/** To /signin 3 s after a reset, time to read that it worked (to / after sign-in: signed-in.ts). */
export const RESET_REDIRECT_MS = 3000;
