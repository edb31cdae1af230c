/**
 * /api/users: registration and verification, sign-in, the current user, profile and password,
 * forgot and reset. Thin: each route parses its request (zod, strict) and replies; the rules live
 * in src/server/auth/accounts.ts. Nothing here may be cached.
 */
import type { Context } from 'hono';
import {
  ForgotPasswordSchema,
  LoginSchema,
  PasswordChangeSchema,
  ProfileSchema,
  RegisterSchema,
  ResendSchema,
  ResetPasswordSchema,
  VerifySchema,
  ResetTokenParam,
  SignedInSchema,
  UserIdParam,
  UserSchema,
} from '#lib/schemas/account.ts';
import type { Accounts } from '#server/auth/accounts.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { parseBody } from '#server/http/body.ts';
import { requestClient } from '#server/limits/client-address.ts';
import { parseParam, parseQuery } from '#server/http/params.ts';
import { dataReply, refusal, route, type Reply } from '#server/http/openapi.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { MessageReplySchema, refusalWith, UserChangedSchema } from './reply-shapes.ts';
import { z } from 'zod';

/** GET /me takes only the cache-busting timestamp the browser adds. */
const MeQuerySchema = z.strictObject({ timestamp: z.string().max(50).optional() });

const TAG = 'Accounts';
export const LIMITED: Reply = { ...refusal('Past a per-client or per-account limit: the words say when to retry.'), headers: { 'Retry-After': 'Seconds until a retry can pass.' } };
const BAD_LINK = refusal(`'${M.badResetLink}'`);
const NOT_YOURS = refusal('The path names another account.');

export function userRoutes(accounts: Accounts) {
  const app = uncachedRoutes();
  const bearer = (c: Context) => accounts.authenticate(c.req.header('authorization'));

  route(app, {
    method: 'post',
    path: '/register',
    tag: TAG,
    summary: 'Register: a 6-digit code goes to the e-mail',
    description: 'An e-mail whose account is not verified yet gets a new registration attempt, with its own userId and code.',
    body: RegisterSchema,
    replies: {
      201: { description: 'The attempt: `userId` is the attempt\'s id, to send with its code.', schema: z.strictObject({ success: z.literal(true), userId: z.string(), message: z.string() }) },
      409: refusal('The e-mail has a verified account.'),
      429: LIMITED,
    },
  }, async (c) => {
    const reply = await accounts.register(await parseBody(c, RegisterSchema), requestClient(c));
    return c.json({ success: true, userId: reply.userId, message: reply.message }, 201);
  });

  route(app, {
    method: 'post',
    path: '/verify',
    tag: TAG,
    summary: "Verify an attempt's code: the account takes the attempt's details and is signed in",
    body: VerifySchema,
    replies: {
      200: { description: 'Verified and signed in.', schema: SignedInSchema },
      400: refusal('A bad body, or a wrong, expired or dead code.'),
      404: refusal('No such attempt.'),
      409: refusal('The account is verified already.'),
      429: LIMITED,
    },
  }, async (c) => {
    const body = await parseBody(c, VerifySchema);
    const { token, user } = await accounts.verify(body.userId, body.verificationCode, requestClient(c));
    return c.json({ success: true, token, user, message: M.verified });
  });

  route(app, {
    method: 'post',
    path: '/verify/resend',
    tag: TAG,
    summary: "A new code for the attempt (its old one stops working)",
    body: ResendSchema,
    replies: { 200: { description: 'Sent.', schema: MessageReplySchema }, 404: refusal('No such attempt.'), 409: refusal('The account is verified already.'), 429: LIMITED },
  }, async (c) => {
    const body = await parseBody(c, ResendSchema);
    return c.json({ success: true, ...(await accounts.resend(body.userId, requestClient(c))) });
  });

  route(app, {
    method: 'post',
    path: '/login',
    tag: TAG,
    summary: 'Sign in',
    body: LoginSchema,
    replies: {
      200: { description: 'Signed in.', schema: SignedInSchema },
      401: refusal(`'${M.badLogin}' (unknown e-mail and wrong password alike).`),
      403: { description: 'Not verified yet: a fresh code goes out (unless past its limit); `userId` is the attempt to verify.', schema: refusalWith({ needsVerification: z.literal(true), userId: z.string() }) },
      429: LIMITED,
    },
  }, async (c) => {
    const body = await parseBody(c, LoginSchema);
    const { token, user } = await accounts.login(body.email, body.password, requestClient(c));
    return c.json({ success: true, token, user, message: M.signedIn });
  });

  route(app, {
    method: 'get',
    path: '/me',
    tag: TAG,
    summary: "The signed-in shopper's account",
    access: 'bearer',
    query: MeQuerySchema,
    replies: { 200: { description: 'The account.', schema: dataReply(UserSchema) }, 400: refusal('A query parameter other than `timestamp`.') },
  }, async (c) => {
    const session = await bearer(c);
    parseQuery(c, MeQuerySchema);
    return c.json({ success: true, data: accounts.me(session) });
  });

  route(app, {
    method: 'put',
    path: '/profile/{userId}',
    tag: TAG,
    summary: 'Change name, phone or address',
    access: 'bearer',
    params: { userId: UserIdParam },
    body: ProfileSchema,
    replies: { 200: { description: 'Changed.', schema: UserChangedSchema }, 403: NOT_YOURS },
  }, async (c) => {
    const session = await bearer(c);
    const id = parseParam(c, 'userId', UserIdParam);
    const changes = await parseBody(c, ProfileSchema);
    const user = await accounts.updateProfile(session, id, changes);
    return c.json({ success: true, data: user, message: M.profileUpdated });
  });

  route(app, {
    method: 'put',
    path: '/profile/{userId}/password',
    tag: TAG,
    summary: "Change the password (signs out the account's other sessions)",
    description: 'A wrong current password is a 400 naming `currentPassword`, and counts as a failed sign-in.',
    access: 'bearer',
    params: { userId: UserIdParam },
    body: PasswordChangeSchema,
    replies: { 200: { description: 'Changed.', schema: MessageReplySchema }, 403: NOT_YOURS, 429: LIMITED },
  }, async (c) => {
    const session = await bearer(c);
    const id = parseParam(c, 'userId', UserIdParam);
    const body = await parseBody(c, PasswordChangeSchema);
    await accounts.changePassword(session, id, body.currentPassword, body.newPassword, requestClient(c));
    return c.json({ success: true, message: M.passwordChanged });
  });

  route(app, {
    method: 'post',
    path: '/forgotpassword',
    tag: TAG,
    summary: 'Send a reset link, if the e-mail has an account (the same reply for every e-mail)',
    body: ForgotPasswordSchema,
    replies: { 200: { description: 'The same words whatever the e-mail.', schema: MessageReplySchema }, 429: LIMITED },
  }, async (c) => {
    const body = await parseBody(c, ForgotPasswordSchema);
    return c.json({ success: true, ...(await accounts.forgotPassword(body.email, requestClient(c))) });
  });

  // Whether a reset link still works, asked by the reset page as it opens (nothing is used up).
  route(app, {
    method: 'get',
    path: '/passwordreset/{token}',
    tag: TAG,
    summary: 'Whether a reset link still works (nothing is used up)',
    params: { token: ResetTokenParam },
    replies: { 200: { description: `'${M.resetLinkValid}'`, schema: MessageReplySchema }, 400: BAD_LINK, 429: LIMITED },
  }, async (c) => {
    const token = parseParam(c, 'token', ResetTokenParam, M.badResetLink);
    await accounts.checkReset(token, requestClient(c));
    return c.json({ success: true, message: M.resetLinkValid });
  });

  route(app, {
    method: 'put',
    path: '/passwordreset/{token}',
    tag: TAG,
    summary: 'Set a new password with a reset link (signs out every session)',
    params: { token: ResetTokenParam },
    body: ResetPasswordSchema,
    replies: { 200: { description: `'${M.passwordReset}'`, schema: MessageReplySchema }, 400: BAD_LINK, 429: LIMITED },
  }, async (c) => {
    const body = await parseBody(c, ResetPasswordSchema);
    const token = parseParam(c, 'token', ResetTokenParam, M.badResetLink);
    await accounts.resetPassword(token, body.password, requestClient(c));
    return c.json({ success: true, message: M.passwordReset });
  });

  return app;
}
