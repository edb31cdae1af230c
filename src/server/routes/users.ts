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
  UserIdParam,
} from '#lib/schemas/account.ts';
import type { Accounts } from '#server/auth/accounts.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { parseBody } from '#server/http/body.ts';
import { parseParam, parseQuery } from '#server/http/params.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { z } from 'zod';

/** GET /me takes only the cache-busting timestamp the browser adds. */
const MeQuerySchema = z.strictObject({ timestamp: z.string().max(50).optional() });

export function userRoutes(accounts: Accounts) {
  const app = uncachedRoutes();
  const bearer = (c: Context) => accounts.authenticate(c.req.header('authorization'));

  app.post('/register', async (c) => {
    const reply = await accounts.register(await parseBody(c, RegisterSchema), c.get('client'));
    return c.json({ success: true, userId: reply.userId, message: reply.message }, 201);
  });

  app.post('/verify', async (c) => {
    const body = await parseBody(c, VerifySchema);
    const { token, user } = await accounts.verify(body.userId, body.verificationCode, c.get('client'));
    return c.json({ success: true, token, user, message: M.verified });
  });

  app.post('/verify/resend', async (c) => {
    const body = await parseBody(c, ResendSchema);
    return c.json({ success: true, ...(await accounts.resend(body.userId, c.get('client'))) });
  });

  app.post('/login', async (c) => {
    const body = await parseBody(c, LoginSchema);
    const { token, user } = await accounts.login(body.email, body.password, c.get('client'));
    return c.json({ success: true, token, user, message: M.signedIn });
  });

  app.get('/me', async (c) => {
    const session = await bearer(c);
    parseQuery(c, MeQuerySchema);
    return c.json({ success: true, data: accounts.me(session) });
  });

  app.put('/profile/:userId', async (c) => {
    const session = await bearer(c);
    const id = parseParam(c, 'userId', UserIdParam);
    const changes = await parseBody(c, ProfileSchema);
    const user = await accounts.updateProfile(session, id, changes);
    return c.json({ success: true, data: user, message: M.profileUpdated });
  });

  app.put('/profile/:userId/password', async (c) => {
    const session = await bearer(c);
    const id = parseParam(c, 'userId', UserIdParam);
    const body = await parseBody(c, PasswordChangeSchema);
    await accounts.changePassword(session, id, body.currentPassword, body.newPassword, c.get('client'));
    return c.json({ success: true, message: M.passwordChanged });
  });

  app.post('/forgotpassword', async (c) => {
    const body = await parseBody(c, ForgotPasswordSchema);
    return c.json({ success: true, ...(await accounts.forgotPassword(body.email, c.get('client'))) });
  });

  // Whether a reset link still works, asked by the reset page as it opens (nothing is used up).
  app.get('/passwordreset/:token', async (c) => {
    const token = parseParam(c, 'token', ResetTokenParam, M.badResetLink);
    await accounts.checkReset(token, c.get('client'));
    return c.json({ success: true, message: M.resetLinkValid });
  });

  app.put('/passwordreset/:token', async (c) => {
    const body = await parseBody(c, ResetPasswordSchema);
    const token = parseParam(c, 'token', ResetTokenParam, M.badResetLink);
    await accounts.resetPassword(token, body.password, c.get('client'));
    return c.json({ success: true, message: M.passwordReset });
  });

  return app;
}
