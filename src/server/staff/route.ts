/**
 * How a staff route is declared: `staffRoute(app, operation, handler)`, where the operation MUST
 * name what it needs (`permission`: one of the permission table's, or 'public' / 'signed-in'); a
 * route without one does not type-check. The check runs before the handler, deny by default:
 *
 * - every staff reply is `no-store`;
 * - a POST, PUT, PATCH or DELETE whose Origin is not the site's own is refused (403), before anything;
 * - no live staff session (a shopper's bearer token is none): 401;
 * - a pending sign-in (code owed) reaches nothing but the code step: 401 elsewhere;
 * - an owner or manager without a confirmed authenticator reaches only the 'signed-in' routes
 *   (their profile, sign-out and the authenticator set-up): 403 elsewhere;
 * - a role the permission table does not list for the route's permission: 403.
 *
 * The staff app refuses anything its routes did not answer through this check: a handler mounted
 * on it some other way answers 403, an unknown path 404.
 */
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { ROLES_NEEDING_TOTP } from '#lib/schemas/staff.ts';
import { STAFF_ACCESS_TEXT } from '#lib/staff-permissions.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { documentedRoutes, refusal, route, type Operation } from '#server/http/openapi.ts';
import { fail } from '#server/http/replies.ts';
import { clientAddress } from '#server/limits/client-address.ts';
import { allows, type StaffAccess } from './permissions.ts';
import { findStaffSession, STAFF_COOKIE, type StaffSession } from './sessions.ts';
import type { Actor } from './service.ts';

export const GUARD_TEXT = {
  crossOrigin: 'This request must come from the shop’s own pages.',
  signIn: STAFF_ACCESS_TEXT.signIn,
  totpFirst: STAFF_ACCESS_TEXT.totpFirst,
  forbidden: STAFF_ACCESS_TEXT.forbidden,
  notThrough: 'This staff route is not declared with a permission.',
} as const;

/** The operation of a staff route: `permission` is required, `access` is always the staff cookie. */
export type StaffOperation<P extends StaffAccess> = Omit<Operation, 'access' | 'extensions' | 'tag'> & {
  permission: P;
  /**
   * The audit action the route's change writes, in the document as `x-audit`: required of every
   * route that is not a GET (declaring one without it throws), and checked by the audit test.
   */
  audit?: string;
};

export interface StaffCall {
  session: StaffSession;
  actor: Actor;
}

export interface StaffGuard {
  db: Database;
  clock: Clock;
  /** The site's origin: the only Origin a state-changing request may carry. */
  origin: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set when a staff route's check let the request through. */
    staffChecked: boolean;
  }
}

/** The client's address as the audit trail records it (the proxies TRUST_PROXY names are believed). */
export function auditAddress(c: Context): string {
  const source = c.get('clientSource');
  return source ? clientAddress(source.socket, c.req.header('x-forwarded-for'), source.trust) : '';
}

/** True when the request reached the store over HTTPS (directly, or through a trusted proxy that says so). */
export function cameOverHttps(c: Context): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const trusted = c.get('clientSource')?.trust;
  return Boolean(trusted) && c.req.header('x-forwarded-proto')?.split(',')[0].trim().toLowerCase() === 'https';
}

/**
 * A cookie of the browser's session, without Max-Age: the server decides when it ends (8 hours idle,
 * sliding), and a fixed age in the browser would end an active member's day 8 hours after sign-in.
 */
export function setStaffCookie(c: Context, token: string): void {
  setCookie(c, STAFF_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', secure: cameOverHttps(c) });
}

export function clearStaffCookie(c: Context): void {
  deleteCookie(c, STAFF_COOKIE, { path: '/', secure: cameOverHttps(c), httpOnly: true, sameSite: 'Strict' });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The staff app: answers only through staffRoute's check (see the module's comment). */
export function staffApp(): OpenAPIHono {
  const app = documentedRoutes();
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
    if (!c.get('staffChecked') && c.res.status !== 404) c.res = fail(c, 403, GUARD_TEXT.notThrough);
    c.header('Cache-Control', 'no-store');
  });
  return app;
}

type Handler<P extends StaffAccess> = (c: Context, call: P extends 'public' ? { actor: Actor } : StaffCall) => Promise<Response>;

/**
 * Mounts a staff route behind its check. `pending: true` lets a sign-in whose code is owed through
 * (the code step alone).
 */
export function staffRoute<P extends StaffAccess>(app: OpenAPIHono, guard: StaffGuard, op: StaffOperation<P> & { pending?: true }, handler: Handler<P>): void {
  const { audit, pending, permission: _p, ...rest } = op;
  if (op.method !== 'get' && !audit) throw new Error(`The staff route ${op.method.toUpperCase()} ${op.path} changes something: it must name its audit action.`);
  const replies = { ...op.replies };
  if (op.permission !== 'public') replies[401] ??= refusal('No staff session (a shopper’s token is none), an expired one, or a removed member’s.');
  if (op.permission !== 'public' && op.permission !== 'signed-in') replies[403] ??= refusal(`A role without \`${op.permission}\` (or an owner or manager whose authenticator is not set up), or another origin.`);
  else if (op.method !== 'get') replies[403] ??= refusal('Another origin.');
  const described: Operation = {
    ...rest,
    tag: 'Staff',
    access: op.permission === 'public' ? 'public' : 'staff',
    extensions: { 'x-permission': op.permission, ...(audit ? { 'x-audit': audit } : {}), ...(pending ? { 'x-session': 'pending sign-in' } : {}) },
    description: `${op.description ? `${op.description}\n\n` : ''}Permission: \`${op.permission}\`.`,
    replies,
  };
  route(app, described, async (c) => {
    c.set('staffChecked', true);
    if (UNSAFE.has(c.req.method) && c.req.header('origin') !== guard.origin) throw new HttpError(403, GUARD_TEXT.crossOrigin);
    const actor: Actor = { staffId: null, clientAddress: auditAddress(c) };
    if (op.permission === 'public') return (handler as Handler<'public'>)(c, { actor });
    const session = await findStaffSession(guard.db, getCookie(c, STAFF_COOKIE), guard.clock.now());
    if (!session || session.verified === Boolean(pending)) throw new HttpError(401, GUARD_TEXT.signIn);
    actor.staffId = session.member.id;
    if (op.permission !== 'signed-in') {
      if (ROLES_NEEDING_TOTP.includes(session.member.role) && !session.member.totpConfirmedAt) throw new HttpError(403, GUARD_TEXT.totpFirst);
      if (!allows(session.member.role, op.permission)) throw new HttpError(403, GUARD_TEXT.forbidden);
    }
    return (handler as Handler<'signed-in'>)(c, { session, actor });
  });
}
