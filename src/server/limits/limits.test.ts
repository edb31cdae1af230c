/**
 * Every per-client limit as a client meets it: spend the budget from one address, and the next
 * request is a 429 with Retry-After and the shopper's words; another address is not affected.
 * Failures cost more than successes. On PGlite and PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { fromClient, TEST_PASSWORD, useAccountsApi, type Reply } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall } from '#server/test/orders.ts';
import { FAILURE_COST, LIMIT_MESSAGES, RULES } from './limits.ts';

/** The 429 of `kind`: its words (with some minutes) and a Retry-After in seconds. */
function expectRefused(reply: Reply, kind: keyof typeof LIMIT_MESSAGES) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(429);
  const pattern = LIMIT_MESSAGES[kind]('@').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('@', '\\d+ minutes?');
  expect(reply.body).toEqual({ success: false, message: expect.stringMatching(new RegExp(`^${pattern}$`)) });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe.each(testDatabases)('per-client limits on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const from = (client: string) => ({
    post: (path: string, body: unknown, token?: string) => api().call('POST', path, body, token, client),
    put: (path: string, body: unknown) => api().call('PUT', path, body, undefined, client),
    get: (path: string) => api().call('GET', path, undefined, undefined, client),
  });

  it('sign-in: one client spraying passwords over many e-mails is stopped; failures cost six times a success', async () => {
    const sprayer = from('192.0.2.10');
    const failures = Math.ceil(RULES.signIn.points / (1 + FAILURE_COST.signIn));
    // The API's reference says the same figure.
    expect(await readFile('docs/api.md', 'utf8')).toContain(`5 more a failure: ${failures} failures, or ${RULES.signIn.points} sign-ins`);
    for (let i = 0; i < failures; i++) expect((await sprayer.post('/api/users/login', { email: api().email('spray'), password: 'Password1!' })).status).toBe(401);
    expectRefused(await sprayer.post('/api/users/login', { email: api().email('spray'), password: 'Password1!' }), 'signIn');
    // A shopper on another network signs in as ever.
    const { email } = await api().signUp();
    expect((await from('192.0.2.11').post('/api/users/login', { email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('sign-in: a busy shared address with many shoppers signing in rightly is not stopped', async () => {
    const carrier = from('192.0.2.12');
    const { email } = await api().signUp();
    // Four times as many sign-ins as the failures that stop a sprayer.
    const signIns = 4 * Math.floor(RULES.signIn.points / (1 + FAILURE_COST.signIn));
    for (let i = 0; i < signIns; i++) expect((await carrier.post('/api/users/login', { email, password: TEST_PASSWORD })).status).toBe(200);
  }, 240_000); // hundreds of password checks: minutes on a busy 2-core machine

  it('registration: code mails from one client are bounded, and so are those it asks for one address', async () => {
    const client = from('192.0.2.20');
    for (let i = 0; i < RULES.codeMails.points; i++) {
      expect((await client.post('/api/users/register', { name: 'Spam', email: api().email('victim'), password: 'whatever 1' })).status).toBe(201);
    }
    expectRefused(await client.post('/api/users/register', { name: 'Spam', email: api().email('victim'), password: 'whatever 1' }), 'codeMails');
    // One recipient from one client: the first registration and 5 codes asked for an hour (the
    // account's own limit, per client); a client elsewhere, the owner's, is not refused for it.
    const victim = api().email('one-victim');
    const stranger = from('192.0.2.30');
    for (let i = 0; i < 6; i++) expect((await stranger.post('/api/users/register', { name: 'Spam', email: victim, password: 'whatever 1' })).status).toBe(201);
    const refused = await stranger.post('/api/users/register', { name: 'Spam', email: victim, password: 'whatever 1' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes?\.$/);
    expect((await from('192.0.2.31').post('/api/users/register', { name: 'Owner', email: victim, password: 'whatever 2' })).status).toBe(201);
  }, 240_000); // a hundred password hashes

  it('resend counts against the same code-mail budget', async () => {
    const client = from('192.0.2.21');
    const { userId } = await api().register();
    for (let i = 0; i < RULES.codeMails.points; i++) {
      // The account's own 5 an hour refuse most of them, but each still spent the client's budget.
      await client.post('/api/users/verify/resend', { userId });
    }
    expectRefused(await client.post('/api/users/verify/resend', { userId }), 'codeMails');
  });

  it('verify: wrong codes from one client are stopped before they can be guessed', async () => {
    const client = from('192.0.2.22');
    const { userId, code } = await api().register();
    const wrong = code === '000000' ? '000001' : '000000';
    const tries = Math.ceil(RULES.codeTries.points / (1 + FAILURE_COST.codeTries));
    for (let i = 0; i < tries; i++) expect((await client.post('/api/users/verify', { userId, verificationCode: wrong })).status).toBe(400);
    expectRefused(await client.post('/api/users/verify', { userId, verificationCode: code }), 'codeTries');
  });

  it('forgot password: requests from one client are bounded', async () => {
    const client = from('192.0.2.23');
    for (let i = 0; i < RULES.resetMails.points; i++) expect((await client.post('/api/users/forgotpassword', { email: api().email('forgot') })).status).toBe(200);
    expectRefused(await client.post('/api/users/forgotpassword', { email: api().email('forgot') }), 'resetMails');
  });

  it('reset: made-up links are refused without a hash and stop the client after 30', async () => {
    const client = from('192.0.2.24');
    const bad = Math.ceil(RULES.resetTries.points / (1 + FAILURE_COST.resetTries));
    for (let i = 0; i < bad; i++) {
      expect((await client.put(`/api/users/passwordreset/${'A'.repeat(42)}${i % 10}`, { password: 'new password 1' })).status).toBe(400);
    }
    expectRefused(await client.put(`/api/users/passwordreset/${'B'.repeat(43)}`, { password: 'new password 1' }), 'resetTries');
  });

  it('guest orders: one client may not place more than its hourly budget; signed-in shoppers are not counted so', async () => {
    const client = '192.0.2.25';
    const body = orderBody([{ productId: 'shan-biryani-50g', quantity: 1, price: 120 }]);
    for (let i = 0; i < RULES.guestOrders.points; i++) expect((await placeOrderCall(api(), body, { client })).status).toBe(201);
    expectRefused(await placeOrderCall(api(), body, { client }), 'guestOrders');
    const { token } = await api().signUp();
    expect((await placeOrderCall(api(), body, { client, token })).status).toBe(201);
  });

  it('guest orders: only a new order spends the budget; past it a replay still gets its order, on this process and another', async () => {
    const { db, kind } = database();
    const client = '192.0.2.28';
    const run = crypto.randomUUID(); // keys of this run only, whatever the database kept
    const pointsOf = async (address: string) => {
      const rows = ((await db.execute(sql`select points from rate_limits where key = ${`${RULES.guestOrders.name}:${address}`}`)) as unknown as { rows: { points: number }[] }).rows;
      return rows[0]?.points ?? 0;
    };
    const shan = { productId: 'shan-biryani-50g', quantity: 1, price: 120 };
    const body = orderBody([shan]);
    // Refusals spend nothing: a 422 (the key with another body), a 409 (more than the stock), a 400.
    const first = await placeOrderCall(api(), body, { client, key: `budget-0-${run}` });
    expect(first.status).toBe(201);
    expect((await placeOrderCall(api(), orderBody([{ ...shan, quantity: 2 }]), { client, key: `budget-0-${run}` })).status).toBe(422);
    expect((await placeOrderCall(api(), orderBody([{ productId: 'atta-10kg', quantity: 5, price: 1800 }]), { client, key: `budget-409-${run}` })).status).toBe(409);
    expect((await placeOrderCall(api(), orderBody([{ ...shan, price: 120.5 }]), { client })).status).toBe(400);
    expect((await placeOrderCall(api(), body, { client, key: `budget-0-${run}` })).status).toBe(200);
    expect(await pointsOf(client)).toBe(1);
    for (let i = 1; i < RULES.guestOrders.points; i++) expect((await placeOrderCall(api(), body, { client, key: `budget-${i}-${run}` })).status).toBe(201);
    expect(await pointsOf(client)).toBe(RULES.guestOrders.points);

    // Past the budget: a new order is refused, and costs nothing; replays of placed orders pass.
    expectRefused(await placeOrderCall(api(), body, { client, key: `budget-new-${run}` }), 'guestOrders');
    expectRefused(await placeOrderCall(api(), body, { client }), 'guestOrders');
    const replay = await placeOrderCall(api(), body, { client, key: `budget-0-${run}` });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body).toMatchObject({ replayed: true, orderNumber: first.body.orderNumber });
    expect((await placeOrderCall(api(), orderBody([{ ...shan, quantity: 3 }]), { client, key: `budget-1-${run}` })).status).toBe(422);
    // Another process (no memory of this client): the statement itself replays, and refuses a new order.
    const other = createApp({ db, kind, logError: () => {}, paceRefusal: async () => {}, mailer: api().mailer });
    const post = async (key: string, sent: unknown) => {
      const res = await other.request('/api/order/place', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(sent) }, fromClient(client));
      return { status: res.status, headers: res.headers, body: await res.json() };
    };
    expect(await post(`budget-${RULES.guestOrders.points - 1}-${run}`, body)).toMatchObject({ status: 200, body: { replayed: true } });
    expectRefused(await post(`budget-other-new-${run}`, body), 'guestOrders');
    expect((await post(`budget-2-${run}`, orderBody([{ ...shan, quantity: 4 }]))).status).toBe(422);
    expect(await pointsOf(client)).toBe(RULES.guestOrders.points);
    // Another address was never touched.
    expect((await placeOrderCall(api(), body, { client: '192.0.2.29', key: `budget-0-elsewhere-${run}` })).status).toBe(201);
    expect(await pointsOf('192.0.2.29')).toBe(1);
  }, 240_000);

  it('order tracking: unknown numbers cost eleven look-ups, so guessing stops first', async () => {
    const client = from('192.0.2.26');
    const misses = Math.ceil(RULES.tracking.points / (1 + FAILURE_COST.tracking));
    for (let i = 0; i < misses; i++) expect((await client.get(`/api/order/order-status/KR-ZZZZ-${String(1000 + i)}`)).status).toBe(404);
    expectRefused(await client.get('/api/order/order-status/KR-ZZZZ-9999'), 'tracking');
  });

  it('reviews: one client may post at most its hourly budget', async () => {
    const client = from('192.0.2.27');
    const { userId, token } = await api().signUp();
    for (let i = 0; i < RULES.reviews.points; i++) {
      expect([200, 201]).toContain((await client.post(`/api/users/${userId}/review`, { productId: 'milk-1l', rating: 4, comment: `Good ${i}` }, token)).status);
    }
    expectRefused(await client.post(`/api/users/${userId}/review`, { productId: 'milk-1l', rating: 5, comment: 'Again' }, token), 'reviews');
  });
});
