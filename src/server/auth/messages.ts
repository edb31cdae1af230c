/** What the accounts API says, word for word (the contract the browser is built against). */
export const AUTH_MESSAGES = {
  codeSent: (email: string) => `We sent a 6-digit code to ${email}.`,
  newCodeSent: (email: string) => `We sent a new code to ${email}.`,
  emailTaken: 'An account with this e-mail already exists. Please sign in.',
  verified: 'Your e-mail is verified.',
  wrongCode: 'The code is not right. Please check it and try again.',
  expiredCode: 'This code has expired. Please ask for a new one.',
  tooManyWrongCodes: 'Too many wrong codes. Please ask for a new one.',
  accountNotFound: 'Account not found.',
  alreadyVerified: 'This e-mail is already verified. Please sign in.',
  tooManyCodes: (minutes: number) => `Too many codes requested. Please try again in ${plural(minutes)}.`,
  signedIn: 'Signed in.',
  badLogin: 'Invalid e-mail or password.',
  needsVerification: (email: string) => `Please verify your e-mail first. We sent a new code to ${email}.`,
  needsVerificationNoNewCode: (email: string, minutes: number) =>
    `Please verify your e-mail first. Use the code we sent to ${email}, or ask for a new one in ${plural(minutes)}.`,
  tooManyLogins: (minutes: number) => `Too many failed sign-in attempts. Please try again in ${plural(minutes)}.`,
  signedOut: 'Signed out.',
  signInAgain: 'Please sign in again.',
  profileUpdated: 'Profile updated.',
  notYourProfile: 'You can only change your own profile.',
  passwordChanged: 'Password changed. Other devices were signed out.',
  wrongCurrentPassword: 'The current password is not right.',
  resetSent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  passwordReset: 'Your password has been reset. Please sign in.',
  badResetLink: 'This reset link is not valid or has expired. Please ask for a new one.',
  resetLinkValid: 'This reset link works: choose a new password.',
} as const;

function plural(minutes: number) {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
