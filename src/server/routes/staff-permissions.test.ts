/**
 * The permission table decides every staff route: each route of the OpenAPI document under
 * /api/staff is called as each role, with a shopper's bearer token, and with no session, and each
 * answer is held against the table (401 without a staff session, 403 for a role the table does not
 * list, neither for a role it does). Routes come from the document, so a new route is walked too.
 */
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '#lib/schemas/staff.ts';
import { allows, PERMISSIONS, type Permission } from '#server/staff/permissions.ts';
import { staffApp, staffRoute } from '#server/staff/route.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { useStaffApi, type SignedInMember } from '#server/test/staff.ts';

interface StaffOperation {
  method: string;
  path: string;
  permission: string;
  pending: boolean;
}

describe('the permission table', () => {
  it('gives the packer orders only (no cancelling), the editor the catalogue and reviews, the manager all but staff and the audit trail, the owner all', () => {
    const of = (role: StaffRole) => (Object.keys(PERMISSIONS) as Permission[]).filter((p) => allows(role, p)).sort();
    expect(of('packer')).toEqual(['orders.advance', 'orders.cash', 'orders.note', 'orders.read']);
    expect(of('editor')).toEqual(['catalog.edit', 'reviews.moderate']);
    expect(of('manager')).toEqual(Object.keys(PERMISSIONS).filter((p) => p !== 'staff.manage' && p !== 'audit.read').sort());
    expect(of('owner')).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it('will not declare a staff route without a permission (a type error), nor a changing one without its audit action', () => {
    const app = staffApp();
    const guard = { db: undefined as never, clock: { now: () => new Date() }, origin: 'https://x.pk' };
    const undeclared = () =>
      // @ts-expect-error: a staff route must name its permission
      staffRoute(app, guard, { method: 'get', path: '/y', summary: 'y', replies: {} }, async (c) => c.json({}));
    const unknown = () =>
      // @ts-expect-error: only the table's permissions (or 'public', 'signed-in') are names
      staffRoute(app, guard, { method: 'get', path: '/z', permission: 'orders.delete', summary: 'z', replies: {} }, async (c) => c.json({}));
    expect([undeclared, unknown]).toHaveLength(2);
    expect(() => staffRoute(app, guard, { method: 'post', path: '/x', permission: 'orders.advance', summary: 'x', replies: {} }, async (c) => c.json({}))).toThrow(/audit action/);
  });
});

describe.each(testDatabases)('every staff route against the permission table on $name', (target) => {
  const api = useStaffApi(useDatabase(target));

  const operations = async (): Promise<StaffOperation[]> => {
    const doc = (await (await api().accounts.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const found: StaffOperation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/staff')) continue;
      for (const [method, op] of Object.entries(methods)) {
        expect(op['x-permission'], `${method} ${path} names its permission`).toBeTypeOf('string');
        found.push({ method: method.toUpperCase(), path, permission: String(op['x-permission']), pending: op['x-session'] === 'pending sign-in' });
      }
    }
    return found;
  };

  /** A call that cannot change anything once past the check: an empty body, an id nobody has. */
  const probe = (op: StaffOperation, who: { cookie?: string; bearer?: string }) =>
    api().call(op.method, op.path.replace('{id}', '00000000-0000-4000-8000-000000000000'), op.method === 'GET' || op.method === 'DELETE' ? undefined : {}, who);

  it('answers each role, a shopper and a stranger as the table says', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThanOrEqual(12);
    for (const op of ops) if (!['public', 'signed-in'].includes(op.permission)) expect(Object.keys(PERMISSIONS)).toContain(op.permission);

    const members = {} as Record<StaffRole, SignedInMember>;
    for (const role of STAFF_ROLES) members[role] = await api().member(role);
    const shopper = await api().accounts.signUp();

    const changing = (op: StaffOperation) => op.path === '/api/staff/sign-out';
    for (const op of ops.filter((o) => !changing(o))) {
      const label = `${op.method} ${op.path} (${op.permission})`;
      for (const role of STAFF_ROLES) {
        const reply = await probe(op, { cookie: members[role].cookie });
        if (op.pending) expect(reply.status, `${label} as ${role} (a full session)`).toBe(401);
        else if (op.permission === 'public' || op.permission === 'signed-in' || allows(role, op.permission as Permission)) expect([401, 403], `${label} as ${role}: ${JSON.stringify(reply.body)}`).not.toContain(reply.status);
        else expect(reply.status, `${label} as ${role}`).toBe(403);
        expect(reply.status, label).toBeLessThan(500);
      }
      for (const [who, creds] of [['a shopper', { bearer: shopper.token }], ['no one', {}]] as const) {
        const reply = await probe(op, creds);
        if (op.permission === 'public') expect([401, 403], `${label} as ${who}`).not.toContain(reply.status);
        else expect(reply.status, `${label} as ${who}`).toBe(401);
      }
    }
    // Sign-out last: it ends the session it is called with.
    for (const role of STAFF_ROLES) expect((await api().call('POST', '/api/staff/sign-out', undefined, { cookie: members[role].cookie })).status).toBe(200);
    expect((await api().call('POST', '/api/staff/sign-out', undefined, { bearer: shopper.token })).status).toBe(401);
    expect((await api().call('POST', '/api/staff/sign-out')).status).toBe(401);
  });

  it('keeps an owner or manager without an authenticator to their profile and the set-up', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const email = api().email(role);
      const token = await api().invite(email, role);
      expect((await api().call('POST', '/api/staff/invites/accept', { token, name: 'New', password: 'correct horse battery' })).status).toBe(201);
      const cookie = api().cookieOf(await api().call('POST', '/api/staff/sign-in', { email, password: 'correct horse battery' }))!;
      const me = await api().call('GET', '/api/staff/me', undefined, { cookie });
      expect(me.body.data.needsTotpSetup).toBe(true);
      const refused = await api().call('GET', '/api/staff/members', undefined, { cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Please set up your authenticator app first.');
      expect((await api().call('POST', '/api/staff/totp/setup', undefined, { cookie })).status).toBe(200);
    }
  });

  it('answers 404 for a path no staff route declares, and 403 for a handler mounted without the check', async () => {
    const owner = await api().member('owner');
    expect((await api().call('GET', '/api/staff/secrets', undefined, { cookie: owner.cookie })).status).toBe(404);
    expect((await api().call('POST', '/api/staff/members', {}, { cookie: owner.cookie })).status).toBe(404);
    const app = staffApp();
    app.get('/open', (c) => c.json({ success: true }));
    const reply = await app.request('/open');
    expect(reply.status).toBe(403);
  });
});
