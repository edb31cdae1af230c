/**
 * Accounts: the request bodies the API accepts (the server validates with these; the browser may
 * check a form with the same rules before sending) and the `user` the API replies with.
 *
 * Every body is a strict object: an unknown field is refused. Text is trimmed (passwords are not)
 * and bounded; each rule carries the sentence a shopper sees beside the field. zod/mini keeps the
 * browser's share small.
 */
import * as z from 'zod/mini';
import { NO_CONTROLS, NO_CONTROLS_BUT_LINES } from '../control-characters.ts';
import { isValidPhone, normalizePhone } from './orders-rules.ts';

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  address: 500,
  passwordMin: 8,
  passwordMax: 1024,
  code: 6,
} as const;

export const ACCOUNT_FIELD_MESSAGES = {
  name: 'Please enter your name.',
  nameLong: `Name must be at most ${LIMITS.name} characters.`,
  email: 'Please enter a valid e-mail address.',
  emailLong: `E-mail must be at most ${LIMITS.email} characters.`,
  phone: 'Please enter a phone number of 10 to 15 digits, such as 0300 1234567.',
  phoneLong: `Phone must be at most ${LIMITS.phone} characters.`,
  addressLong: `Address must be at most ${LIMITS.address} characters.`,
  passwordShort: `Password must be at least ${LIMITS.passwordMin} characters.`,
  passwordLong: `Password must be at most ${LIMITS.passwordMax} characters.`,
  passwordMissing: 'Please enter your password.',
  currentPassword: 'Please enter your current password.',
  confirmPassword: 'Please confirm the new password.',
  mismatch: 'Passwords do not match',
  userId: 'This account id is not valid.',
  code: `Please enter the ${LIMITS.code}-digit code.`,
  controls: 'must not contain control characters',
} as const;

const M = ACCOUNT_FIELD_MESSAGES;
/** Control characters (NUL above all: PostgreSQL cannot store it). Addresses may keep line breaks. */
const DIGITS = /^[0-9]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person's name: trimmed, 1 to 100 characters, no control characters. */
export const NameField = z.string().check(
  z.trim(),
  z.minLength(1, M.name),
  z.maxLength(LIMITS.name, M.nameLong),
  z.regex(NO_CONTROLS, `Name ${M.controls}.`),
);
/** Lowercased: e-mails are compared without case. */
export const EmailField = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, M.email),
  z.maxLength(LIMITS.email, M.emailLong),
  z.regex(z.regexes.email, M.email),
);
/**
 * An account's phone follows the rule of an order's contact number and is stored in the same one
 * form (+92…), so that a number given at registration or in the profile is the number orders
 * carry; '' means none given.
 */
const phone = z.string().check(
  z.trim(),
  z.maxLength(LIMITS.phone, M.phoneLong),
  z.refine((p) => p === '' || isValidPhone(p), M.phone),
  z.overwrite((p) => (p === '' ? p : normalizePhone(p))),
);
const address = z.string().check(z.trim(), z.maxLength(LIMITS.address, M.addressLong), z.regex(NO_CONTROLS_BUT_LINES, `Address ${M.controls}.`));
/** A password being set: 8 to 1024 characters, kept exactly as typed (64 and more are welcome). */
export const newPassword = (label = 'Password') =>
  z.string().check(
    z.minLength(LIMITS.passwordMin, `${label} must be at least ${LIMITS.passwordMin} characters.`),
    z.maxLength(LIMITS.passwordMax, `${label} must be at most ${LIMITS.passwordMax} characters.`),
  );
/** A password being checked: anything up to the bound (old accounts may predate a rule). */
export const givenPassword = (missing: string) => z.string().check(z.minLength(1, missing), z.maxLength(LIMITS.passwordMax, M.passwordLong));
const userId = z.string().check(z.trim(), z.regex(UUID, M.userId));
/** The account id in a path (/api/users/profile/{userId}). */
export const UserIdParam = userId;
/** 256 random bits, base64url: reset tokens and registration attempt ids. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The token in a reset link. */
export const ResetTokenParam = z.string().check(z.regex(TOKEN));
/**
 * The `userId` of verify and resend: the registration attempt the register or sign-in reply named
 * (not the account's id; the browser keeps it as it came). Case matters.
 */
const attemptId = z.string().check(z.trim(), z.regex(TOKEN, M.userId));

export const RegisterSchema = z.strictObject({
  name: NameField,
  email: EmailField,
  phone: z.optional(phone),
  password: newPassword(),
});
export type RegisterBody = z.infer<typeof RegisterSchema>;

export const VerifySchema = z.strictObject({
  userId: attemptId,
  verificationCode: z.string().check(z.trim(), z.length(LIMITS.code, M.code), z.regex(DIGITS, M.code)),
});

export const ResendSchema = z.strictObject({ userId: attemptId });

export const LoginSchema = z.strictObject({ email: EmailField, password: givenPassword(M.passwordMissing) });

export const ProfileSchema = z.strictObject({
  name: z.optional(NameField),
  phone: z.optional(phone),
  address: z.optional(address),
});
export type ProfileBody = z.infer<typeof ProfileSchema>;

export const PasswordChangeSchema = z
  .strictObject({
    currentPassword: givenPassword(M.currentPassword),
    newPassword: newPassword('New password'),
    confirmPassword: givenPassword(M.confirmPassword),
  })
  .check(z.refine((b) => b.newPassword === b.confirmPassword, { message: M.mismatch, path: ['confirmPassword'] }));

export const ForgotPasswordSchema = z.strictObject({ email: EmailField });

export const ResetPasswordSchema = z.strictObject({ password: newPassword() });

/** The account as the API shows it: phone and address are '' when not given; dates are ISO strings. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /api/users/verify and /api/users/login on success. */
export const SignedInSchema = z.object({ success: z.literal(true), token: z.string(), user: UserSchema, message: z.string() });
export type SignedIn = z.infer<typeof SignedInSchema>;
