/** /api/auth/logout: revokes the session of the bearer token it is called with. */
import type { Accounts } from '#server/auth/accounts.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { documentedRoutes, route } from '#server/http/openapi.ts';
import { MessageReplySchema } from './reply-shapes.ts';

export function authRoutes(accounts: Accounts) {
  const app = documentedRoutes();
  route(app, {
    method: 'post',
    path: '/logout',
    tag: 'Accounts',
    summary: 'Revoke the session of the token the call carries',
    access: 'bearer',
    replies: { 200: { description: 'Signed out.', schema: MessageReplySchema } },
  }, async (c) => {
    const session = await accounts.authenticate(c.req.header('authorization'));
    await accounts.logout(session);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: M.signedOut });
  });
  return app;
}
