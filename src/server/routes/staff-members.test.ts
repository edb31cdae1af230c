/** Staff members: invitations (72 hours, once), roles, removal (sessions end at once), the last owner, and the audit trail. */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOUR } from '#server/clock.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall } from '#server/test/orders.ts';
import { TEST_PASSWORD, useStaffApi, type StaffApi } from '#server/test/staff.ts';

describe.each(testDatabases)('staff members on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useStaffApi(database, { picturesDir: mkdtempSync(join(tmpdir(), 'kiryana-members-pictures-')) });
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const accept = (token: string, name = 'Bilal') => api().call('POST', '/api/staff/invites/accept', { token, name, password: TEST_PASSWORD });

  it('mails an invitation link that makes one member, once, within 72 hours', async () => {
    const owner = await api().member('owner');
    const email = api().email('invited');
    const invited = await api().call('POST', '/api/staff/invites', { email: email.toUpperCase(), role: 'packer' }, { cookie: owner.cookie });
    expect(invited.status).toBe(201);
    const mail = await api().accounts.nextMail(email, /invited to run Kiryana as packer/);
    const token = /https:\/\/shop\.example\.pk\/staff\/accept\/#([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    const pending = async () => (await api().call('GET', '/api/staff/invites', undefined, { cookie: owner.cookie })).body.data as Array<{ email: string; role: string }>;
    expect(await pending()).toEqual([expect.objectContaining({ email, role: 'packer' })]);
    const made = await accept(token);
    expect(await pending()).toEqual([]);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ email, role: 'packer', name: 'Bilal', totp: false });
    expect((await accept(token, 'Again')).status).toBe(400);
    expect((await api().call('POST', '/api/staff/invites', { email, role: 'editor' }, { cookie: owner.cookie })).status).toBe(409);

    const late = api().email('late');
    const lateToken = await api().invite(late, 'editor');
    api().accounts.clock.advance(72 * HOUR + 1000);
    const expired = await accept(lateToken);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
    const [stored] = await rows(sql`select token_hash from staff_invites where email = ${late}`);
    expect(String(stored.token_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(String(stored.token_hash)).not.toBe(lateToken);
  });

  it('changes roles, and never demotes or removes the last owner', async () => {
    const owner = await api().member('owner');
    const packer = await api().member('packer');
    const changed = await api().call('PUT', `/api/staff/members/${packer.id}`, { role: 'editor' }, { cookie: owner.cookie });
    expect(changed.body.data.role).toBe('editor');
    // The editor's live session now has the editor's rights.
    expect((await api().call('GET', '/api/staff/me', undefined, { cookie: packer.cookie })).body.data.member.role).toBe('editor');
    const owners = (await rows(sql`select id from staff where role = 'owner' and removed_at is null`)).map((r) => String(r.id));
    // Leave one owner: remove every other, then try the last.
    for (const id of owners) if (id !== owner.id) expect((await api().call('DELETE', `/api/staff/members/${id}`, undefined, { cookie: owner.cookie })).status).toBe(200);
    const demote = await api().call('PUT', `/api/staff/members/${owner.id}`, { role: 'manager' }, { cookie: owner.cookie });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('The shop needs an owner: make another member owner first.');
    expect((await api().call('DELETE', `/api/staff/members/${owner.id}`, undefined, { cookie: owner.cookie })).status).toBe(409);
    expect((await api().call('PUT', `/api/staff/members/${packer.id}`, { role: 'boss' }, { cookie: owner.cookie })).status).toBe(400);
    expect((await api().call('PUT', '/api/staff/members/not-an-id', { role: 'owner' }, { cookie: owner.cookie })).status).toBe(400);
  });

  it('lets two owners removing each other at once leave one owner, and one invitation of an e-mail make one member', async () => {
    const a = await api().member('owner');
    const b = await api().member('owner');
    // Leave exactly these two owners.
    const others = (await rows(sql`select id from staff where role = 'owner' and removed_at is null`)).map((r) => String(r.id)).filter((id) => id !== a.id && id !== b.id);
    for (const id of others) expect((await api().call('DELETE', `/api/staff/members/${id}`, undefined, { cookie: a.cookie })).status).toBe(200);
    const replies = await Promise.all([
      api().call('DELETE', `/api/staff/members/${b.id}`, undefined, { cookie: a.cookie }),
      api().call('DELETE', `/api/staff/members/${a.id}`, undefined, { cookie: b.cookie }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.every((r) => r.status < 500)).toBe(true);
    expect(await rows(sql`select count(*)::int as n from staff where role = 'owner' and removed_at is null`)).toEqual([{ n: 1 }]);

    const email = api().email('twice');
    const [first, second] = [await api().invite(email, 'packer'), await api().invite(email, 'editor')];
    const made = await Promise.all([accept(first), accept(second)]);
    expect(made.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("ends a removed member's sessions at once: their next request is refused", async () => {
    const owner = await api().member('owner');
    const packer = await api().member('packer');
    const second = api().cookieOf(await api().call('POST', '/api/staff/sign-in', { email: packer.email, password: TEST_PASSWORD }))!;
    expect((await api().call('DELETE', `/api/staff/members/${packer.id}`, undefined, { cookie: owner.cookie })).status).toBe(200);
    for (const cookie of [packer.cookie, second]) expect((await api().call('GET', '/api/staff/me', undefined, { cookie })).status).toBe(401);
    expect((await api().call('POST', '/api/staff/sign-in', { email: packer.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await api().call('GET', '/api/staff/members', undefined, { cookie: owner.cookie })).body.data.map((m: { id: string }) => m.id)).not.toContain(packer.id);
    // Even a session row a removal missed is refused: the member is read on every request.
    const third = await api().member('packer');
    await database().db.execute(sql`update staff set removed_at = now() where id = ${third.id}`);
    expect((await api().call('GET', '/api/staff/me', undefined, { cookie: third.cookie })).status).toBe(401);
  });

  /** A successful call of each changing staff route, by the document's "METHOD path". */
  const scenarios = (a: StaffApi): Record<string, () => Promise<{ status: number }>> => ({
    'POST /api/staff/sign-in': async () => {
      const packer = await a.member('packer');
      return a.call('POST', '/api/staff/sign-in', { email: packer.email, password: TEST_PASSWORD });
    },
    'POST /api/staff/sign-in/totp': async () => {
      const owner = await a.member('owner');
      const cookie = a.cookieOf(await a.call('POST', '/api/staff/sign-in', { email: owner.email, password: TEST_PASSWORD }))!;
      return a.call('POST', '/api/staff/sign-in/totp', { code: a.nextCode(owner.secret!) }, { cookie });
    },
    'POST /api/staff/sign-out': async () => a.call('POST', '/api/staff/sign-out', undefined, { cookie: (await a.member('editor')).cookie }),
    'POST /api/staff/totp/setup': async () => a.call('POST', '/api/staff/totp/setup', undefined, { cookie: (await a.member('packer')).cookie }),
    'POST /api/staff/totp/confirm': async () => {
      const packer = await a.member('packer');
      const setup = await a.call('POST', '/api/staff/totp/setup', undefined, { cookie: packer.cookie });
      return a.call('POST', '/api/staff/totp/confirm', { code: a.nextCode(setup.body.data.secret) }, { cookie: packer.cookie });
    },
    'POST /api/staff/invites': async () => a.call('POST', '/api/staff/invites', { email: a.email('audit'), role: 'packer' }, { cookie: (await a.member('owner')).cookie }),
    'POST /api/staff/invites/accept': async () => a.call('POST', '/api/staff/invites/accept', { token: await a.invite(a.email('audit'), 'packer'), name: 'Audit', password: TEST_PASSWORD }),
    'PUT /api/staff/members/{id}': async () => a.call('PUT', `/api/staff/members/${(await a.member('packer')).id}`, { role: 'editor' }, { cookie: (await a.member('owner')).cookie }),
    'DELETE /api/staff/members/{id}': async () => a.call('DELETE', `/api/staff/members/${(await a.member('packer')).id}`, undefined, { cookie: (await a.member('owner')).cookie }),
    'POST /api/staff/orders/advance': async () => a.call('POST', '/api/staff/orders/advance', { numbers: [await placed(a)], to: 'Processing' }, { cookie: (await a.member('packer')).cookie }),
    'POST /api/staff/orders/{number}/cancel': async () => a.call('POST', `/api/staff/orders/${await placed(a)}/cancel`, { reason: 'Asked by phone' }, { cookie: (await a.member('manager')).cookie }),
    'POST /api/staff/orders/{number}/cash': async () => a.call('POST', `/api/staff/orders/${await placed(a)}/cash`, undefined, { cookie: (await a.member('packer')).cookie }),
    'POST /api/staff/orders/{number}/notes': async () => a.call('POST', `/api/staff/orders/${await placed(a)}/notes`, { text: 'Ring twice' }, { cookie: (await a.member('packer')).cookie }),
    'POST /api/staff/products': async () => a.call('POST', '/api/staff/products', { _id: `audit-${Date.now()}`, name: 'Audit Tea', category: 'fresh', price: 100 }, { cookie: (await a.member('editor')).cookie }),
    'PATCH /api/staff/products/{id}': async () => {
      const { cookie } = await a.member('editor');
      const { version } = (await a.call('GET', '/api/staff/products/milk-1l', undefined, { cookie })).body.data;
      return a.call('PATCH', '/api/staff/products/milk-1l', { version, changes: { description: `Checked ${Date.now()}` } }, { cookie });
    },
    'POST /api/staff/products/bulk': async () => {
      const { cookie } = await a.member('editor');
      const { version, stock } = (await a.call('GET', '/api/staff/products/eggs-12', undefined, { cookie })).body.data;
      return a.call('POST', '/api/staff/products/bulk', { changes: [{ _id: 'eggs-12', version, stock: stock + 1 }] }, { cookie });
    },
    'POST /api/staff/catalog/check': async () => a.call('POST', '/api/staff/catalog/check?format=json', JSON.stringify({ products: [] }), { cookie: (await a.member('editor')).cookie }),
    'POST /api/staff/catalog/import': async () => a.call('POST', '/api/staff/catalog/import?format=json', JSON.stringify({ products: [] }), { cookie: (await a.member('editor')).cookie }),
    'POST /api/staff/pictures': async () =>
      a.call('POST', '/api/staff/pictures?kind=products', await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } }).png().toBuffer(), {
        cookie: (await a.member('editor')).cookie,
        headers: { 'Content-Type': 'image/png' },
      }),
    'POST /api/staff/categories': async () => a.call('POST', '/api/staff/categories', { name: `Aisle ${a.email('c')}`.replace(/[@.]/g, ' ') }, { cookie: (await a.member('editor')).cookie }),
    'PATCH /api/staff/categories/{id}': async () => {
      const cookie = (await a.member('editor')).cookie;
      const { version } = (await a.call('GET', '/api/staff/categories', undefined, { cookie })).body.data.categories.find((c: { _id: string }) => c._id === 'pets');
      return a.call('PATCH', '/api/staff/categories/pets', { version, changes: { description: `Pets ${version}` } }, { cookie });
    },
    'PUT /api/staff/categories/order': async () => {
      const cookie = (await a.member('editor')).cookie;
      const ids = (await a.call('GET', '/api/staff/categories', undefined, { cookie })).body.data.categories.map((c: { _id: string }) => c._id);
      return a.call('PUT', '/api/staff/categories/order', { ids: ids.reverse() }, { cookie });
    },
    'POST /api/staff/reviews/{id}/hide': async () => {
      const cookie = (await a.member('editor')).cookie;
      const [shown] = (await a.call('GET', '/api/staff/reviews?state=shown', undefined, { cookie })).body.data.reviews;
      return a.call('POST', `/api/staff/reviews/${shown._id}/hide`, { reason: 'Spam' }, { cookie });
    },
    'POST /api/staff/reviews/{id}/show': async () => {
      const cookie = (await a.member('editor')).cookie;
      const [shown] = (await a.call('GET', '/api/staff/reviews?state=shown', undefined, { cookie })).body.data.reviews;
      await a.call('POST', `/api/staff/reviews/${shown._id}/hide`, { reason: 'Spam' }, { cookie });
      return a.call('POST', `/api/staff/reviews/${shown._id}/show`, undefined, { cookie });
    },
    'POST /api/staff/search/synonyms': async () => {
      const cookie = (await a.member('editor')).cookie;
      return a.call('POST', '/api/staff/search/synonyms', { words: [`kheera${Date.now()}`], means: ['cucumber'] }, { cookie });
    },
    'PATCH /api/staff/search/synonyms/{id}': async () => {
      const cookie = (await a.member('editor')).cookie;
      const made = (await a.call('POST', '/api/staff/search/synonyms', { words: [`mooli${Date.now()}`], means: ['radish'] }, { cookie })).body.data.synonym;
      return a.call('PATCH', `/api/staff/search/synonyms/${made.id}`, { words: made.words, means: ['radish', 'white radish'], version: made.version }, { cookie });
    },
    'DELETE /api/staff/search/synonyms/{id}': async () => {
      const cookie = (await a.member('editor')).cookie;
      const made = (await a.call('POST', '/api/staff/search/synonyms', { words: [`gajar${Date.now()}`], means: ['carrot'] }, { cookie })).body.data.synonym;
      return a.call('DELETE', `/api/staff/search/synonyms/${made.id}?version=${made.version}`, undefined, { cookie });
    },
  });
  /** A guest order's number, for the order desk's routes. */
  const placed = async (a: StaffApi) => (await placeOrderCall(a.accounts, orderBody([{ productId: 'eggs-12', quantity: 1, price: 400 }]))).body.order.orderNumber as string;

  it('writes an audit row for every staff route that changes something (each route of the document)', async () => {
    const doc = (await (await api().accounts.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const changing = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/staff'))
      .flatMap(([path, methods]) => Object.entries(methods).filter(([m]) => m !== 'get').map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, audit: op['x-audit'] })));
    const known = scenarios(api());
    expect(changing.map((c) => c.key).sort()).toEqual(Object.keys(known).sort());
    for (const { key, audit } of changing) {
      expect(audit, `${key} names its audit action`).toBeTypeOf('string');
      const [{ last }] = await rows(sql`select coalesce(max(id), 0)::int as last from audit_log`);
      const reply = await known[key]();
      expect(reply.status, key).toBeLessThan(300);
      const written = await rows(sql`select action from audit_log where id > ${last} order by id desc limit 1`);
      expect(written, key).toEqual([{ action: audit }]);
    }
  });

  it('records failed sign-ins, and lets the owner filter the trail in pages', async () => {
    const owner = await api().member('owner');
    const email = api().email('stranger');
    await api().call('POST', '/api/staff/sign-in', { email, password: 'guess' }, { client: '10.44.0.9' });
    const failed = await api().call('GET', `/api/staff/audit?action=staff.sign-in-failed&recordId=${encodeURIComponent(email)}`, undefined, { cookie: owner.cookie });
    expect(failed.body.data).toEqual([expect.objectContaining({ staffId: null, action: 'staff.sign-in-failed', recordKind: 'staff', recordId: email, clientAddress: '10.44.0.9' })]);
    const mine = await api().call('GET', `/api/staff/audit?staff=${owner.id}&limit=2`, undefined, { cookie: owner.cookie });
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.data.every((r: { staffId: string }) => r.staffId === owner.id)).toBe(true);
    const next = await api().call('GET', `/api/staff/audit?staff=${owner.id}&limit=2&before=${mine.body.next}`, undefined, { cookie: owner.cookie });
    expect(next.body.data[0].id).toBeLessThan(mine.body.data[1].id);
    const now = api().accounts.clock.now();
    const none = await api().call('GET', `/api/staff/audit?from=${encodeURIComponent(new Date(now.getTime() + HOUR).toISOString())}`, undefined, { cookie: owner.cookie });
    expect(none.body.data).toEqual([]);
    for (const bad of ['from=yesterday', 'limit=5000', 'staff=x', 'colour=red', 'before=-1']) expect((await api().call('GET', `/api/staff/audit?${bad}`, undefined, { cookie: owner.cookie })).status).toBe(400);
  });

  it('refuses to change or remove an audit row, whoever asks the database', async () => {
    await api().member('packer');
    const [{ count }] = await rows(sql`select count(*)::int as count from audit_log`);
    expect(count).toBeGreaterThan(0);
    const refusal = (query: ReturnType<typeof sql>) =>
      database().db.execute(query).then(
        () => 'done',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(await refusal(sql`update audit_log set action = 'nothing'`)).toBe('audit_log rows cannot be changed or removed');
    expect(await refusal(sql`delete from audit_log`)).toBe('audit_log rows cannot be changed or removed');
    expect(await refusal(sql`truncate audit_log`)).toBe('audit_log rows cannot be changed or removed');
    expect((await rows(sql`select count(*)::int as count from audit_log`))[0].count).toBe(count);
  });
});
