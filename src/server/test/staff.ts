/**
 * The staff API as its suites meet it, on top of the accounts API's app, clock and SMTP server:
 * requests carry the site's Origin and a cookie jar per member, and `member(role)` makes a signed-in
 * member the way the shop does (an invitation mailed, accepted, signed in, the authenticator set up
 * when the role needs one or when asked).
 */
import type { StaffRole } from '#lib/schemas/staff.ts';
import { TOTP_PERIOD_SECONDS, totpCodeAt } from '#server/staff/totp.ts';
import { createStaff } from '#server/staff/service.ts';
import { createLimits } from '#server/limits/limits.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { fromClient, TEST_PASSWORD, TEST_SITE_URL, useAccountsApi, type AccountsApi, type Reply } from './accounts.ts';
import { ROLES_NEEDING_TOTP } from '#lib/schemas/staff.ts';
import { replyCheck, type ReplyCheck } from './reply-check.ts';

export const STAFF_ORIGIN = TEST_SITE_URL;

export interface CallOptions {
  /** The session cookie's token (none: no cookie). */
  cookie?: string;
  /** Default: the site's origin. null: no Origin header. */
  origin?: string | null;
  /** A shopper's bearer token. */
  bearer?: string;
  client?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
}

export interface SignedInMember {
  id: string;
  email: string;
  role: StaffRole;
  cookie: string;
  /** The authenticator's secret, when set up. */
  secret?: string;
  recoveryCodes?: string[];
}

export interface StaffApi {
  accounts: AccountsApi;
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Reply>;
  /** A call as `member` whose reply is held to the OpenAPI document (its status, media type and JSON shape). */
  checked(member: SignedInMember, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** The token in a Set-Cookie of `reply` for kiryana_staff (undefined: none set). */
  cookieOf(reply: Reply): string | undefined;
  /** Mails an invitation as the command line does (no author), and returns the link's token. */
  invite(email: string, role: StaffRole): Promise<string>;
  /** A new member of `role`, signed in (authenticator confirmed for owners and managers, or with `totp`). */
  member(role: StaffRole, options?: { totp?: boolean }): Promise<SignedInMember>;
  /** The next code of `secret`: the clock moves one step first, so a code is never one used before. */
  nextCode(secret: string): string;
  email(tag?: string): string;
}

export function useStaffApi(database: () => DatabaseHandle, options: Parameters<typeof useAccountsApi>[1] = {}): () => StaffApi {
  const accounts = useAccountsApi(database, options);
  let api: StaffApi | undefined;
  const build = (): StaffApi => {
    const a = accounts();
    const call: StaffApi['call'] = async (method, path, body, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      const raw = body instanceof Uint8Array;
      if (body !== undefined && !raw) headers['Content-Type'] = 'application/json';
      if (options.origin !== null) headers.Origin = options.origin ?? STAFF_ORIGIN;
      if (options.cookie) headers.Cookie = `kiryana_staff=${options.cookie}`;
      if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
      // Bytes (a picture) go as they are, with the Content-Type the caller's headers give.
      const sent = raw ? new Uint8Array(body) : body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const res = await a.app.request(path, { method, headers, body: sent }, fromClient(options.client ?? '10.200.0.1'));
      return { status: res.status, headers: res.headers, body: await res.json() };
    };
    let replies: ReplyCheck | undefined;
    const checked: StaffApi['checked'] = async (member, method, path, body, headers) => {
      replies ??= replyCheck((await (await a.app.request('/api/openapi.json')).json()) as Parameters<typeof replyCheck>[0]);
      const reply = await call(method, path, body, { cookie: member.cookie, headers });
      replies.check(method, path, reply.status, reply.headers.get('content-type'), reply.body);
      return reply;
    };
    const cookieOf = (reply: Reply) => {
      const set = reply.headers.getSetCookie().find((c) => c.startsWith('kiryana_staff='));
      const value = set?.slice('kiryana_staff='.length).split(';')[0];
      return value || undefined;
    };
    const service = createStaff({ db: database().db, clock: a.clock, mailer: a.mailer, siteUrl: TEST_SITE_URL, limits: createLimits(database().db), paceRefusal: async () => {} });
    const invite: StaffApi['invite'] = async (email, role) => {
      await service.invite(email, role, { staffId: null, clientAddress: '' });
      const mail = await a.nextMail(email, /invited to run Kiryana/);
      return /\/staff\/accept\/#([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    };
    const nextCode = (secret: string) => {
      a.clock.advance(TOTP_PERIOD_SECONDS * 1000);
      return totpCodeAt(secret, a.clock.now());
    };
    let n = 0;
    const email = (tag = 'staff') => `${tag}.${process.pid}.${++n}@shop.example.pk`;
    const member: StaffApi['member'] = async (role, options = {}) => {
      const address = email(role);
      const token = await invite(address, role);
      const accepted = await call('POST', '/api/staff/invites/accept', { token, name: `A ${role}`, password: TEST_PASSWORD });
      if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
      const signedIn = await call('POST', '/api/staff/sign-in', { email: address, password: TEST_PASSWORD });
      const cookie = cookieOf(signedIn)!;
      const made: SignedInMember = { id: accepted.body.data.id, email: address, role, cookie };
      if (options.totp || ROLES_NEEDING_TOTP.includes(role)) {
        const setup = await call('POST', '/api/staff/totp/setup', undefined, { cookie });
        made.secret = setup.body.data.secret as string;
        const confirmed = await call('POST', '/api/staff/totp/confirm', { code: nextCode(made.secret) }, { cookie });
        if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
        made.recoveryCodes = confirmed.body.data.recoveryCodes as string[];
      }
      return made;
    };
    return { accounts: a, call, checked, cookieOf, invite, member, nextCode, email };
  };
  return () => (api ??= build());
}

export { TEST_PASSWORD };
