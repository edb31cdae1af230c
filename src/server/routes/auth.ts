/** /api/auth/logout: revokes the session of the bearer token it is called with. */
import { Hono } from 'hono';
import type { Accounts } from '#server/auth/accounts.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';

export function authRoutes(accounts: Accounts) {
  const app = new Hono();
  app.post('/logout', async (c) => {
    const session = await accounts.authenticate(c.req.header('authorization'));
    await accounts.logout(session);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: M.signedOut });
  });
  return app;
}
