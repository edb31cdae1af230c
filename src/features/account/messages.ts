/**
 * What a failed accounts call says, pure: apart from rules.ts, so the pages that only call the API
 * (account, profile, checkout's prefill) do not load the forms' rules.
 */

/** What a failure says when the server's reply carries no message. */
export const FALLBACK = {
  login: 'Login failed. Please check your credentials.',
  register: 'Registration failed. Please try again.',
  verify: 'Verification failed. Please try again.',
  /** Forgot and reset password (the forgot form shows this even when the server says more). */
  generic: 'Something went wrong. Please try again.',
} as const;

/**
 * The message a failed call shows: the server's own when it answered the request with one (a 4xx
 * reply), else the fallback. A 5xx, a gateway's page, a timeout or no network say the fallback.
 */
export function failureMessage(error: { kind: string; message: string; status?: number }, fallback: string): string {
  const answered = error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500;
  return answered && error.message && !/^Request failed \(Status: \d+\)$/.test(error.message) ? error.message : fallback;
}
