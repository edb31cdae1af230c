/** What the reset page says of a link with no token in it (reset-link.ts, ResetPasswordForm.tsx). */
export const NO_TOKEN = 'This reset link is not complete. Please ask for a new one.';
