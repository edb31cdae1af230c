/**
 * The store's log: JSON lines carry the request's id, and no password, token, code or address ever
 * reaches them, through the real routes (sign-up, code, sign-in, address book, order, password reset)
 * with the lines captured, and through fields given to the logger directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall } from '#server/test/orders.ts';
import { createLogger, log, useLogger } from './log.ts';
import { observed } from './requests.ts';

const LINK = new RegExp(`${TEST_SITE_URL.replace(/\./g, '\\.')}/passwordreset/([A-Za-z0-9_-]{43})`);

/** Captures the process's log as JSON lines while the suite runs. */
function captureLog(): string[] {
  const lines: string[] = [];
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = useLogger(createLogger('json', { write: (line: string) => void lines.push(line) }), 'json');
  });
  afterAll(() => restore?.());
  return lines;
}

describe.each(testDatabases)('the log on $name', (target) => {
  const lines = captureLog();
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);

  it('has no secret of a whole shopper journey, and a line with an id for each request', async () => {
    const password = 'Secret-Pass-Word-4491';
    const street = 'House 77, Gali Number 9, Secret Mohalla';
    const registered = await api().register(api().email('logged'), password);
    const verified = await api().call('POST', '/api/users/verify', { userId: registered.userId, verificationCode: registered.code });
    expect(verified.status).toBe(200);
    const session = verified.body.token as string;
    const signedIn = await api().call('POST', '/api/users/login', { email: registered.email, password });
    expect(signedIn.status).toBe(200);
    expect((await api().call('POST', '/api/users/login', { email: registered.email, password: `${password}-wrong` })).status).toBe(401);
    expect((await api().call('POST', '/api/users/addresses', { label: 'Home', address: street, city: 'Lahore', province: 'Punjab', postalCode: '54000' }, session)).status).toBeLessThan(300);
    const order = await placeOrderCall(api(), orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }], { shippingAddress: { address: street, city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' } }), { token: session });
    expect(order.status).toBe(201);
    expect((await api().call('POST', '/api/users/forgotpassword', { email: registered.email })).status).toBe(200);
    const resetToken = LINK.exec((await api().nextMail(registered.email, /reset/i)).text)![1];
    expect((await api().call('PUT', `/api/users/passwordreset/${resetToken}`, { password: `${password}-new` })).status).toBe(200);
    await api().app.settled();

    const text = lines.join('');
    const secrets = { password, newPassword: `${password}-new`, code: registered.code, session, signInToken: signedIn.body.token as string, resetToken, street };
    expect(Object.entries(secrets).filter(([, secret]) => text.includes(secret)).map(([name]) => name)).toEqual([]);
    // Not vacuous: the requests were logged, each with an id and its route pattern.
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(9);
    for (const entry of requests) expect(entry).toMatchObject({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), route: expect.stringMatching(/^\/api\//) });
    expect(requests.map((entry) => entry.route)).toContain('/api/users/passwordreset/:token');
  });
});

describe('the logger', () => {
  const lines = captureLog();

  it('removes secret fields wherever they are given', () => {
    log.info(
      { password: 'p1-secret', token: 'p2-secret', code: '918273', body: { any: 'p3-secret' }, headers: { authorization: 'Bearer p4-secret' }, user: { password: 'p5-secret', address: 'p6-secret', phone: 'p7-secret' }, err: { code: 'ECONNREFUSED' } },
      'fields',
    );
    const entry = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(JSON.stringify(entry)).not.toMatch(/p\d-secret|918273/);
    expect(entry).toMatchObject({ password: '[redacted]', body: '[redacted]', user: { password: '[redacted]', address: '[redacted]' }, err: { code: 'ECONNREFUSED' } });
  });

  it("leaves out the values a failed statement quotes, in its message, stack and cause", () => {
    const failed = Object.assign(new Error('Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: p8-secret@example.pk,p9-secret-hash'), {
      params: ['p8-secret@example.pk', 'p9-secret-hash'],
      cause: Object.assign(new Error('duplicate key value violates unique constraint'), { detail: 'Key (email)=(p8-secret@example.pk) already exists.', code: '23505' }),
    });
    log.error({ err: failed }, 'Unexpected error');
    const line = lines.at(-1)!;
    expect(line).not.toMatch(/p\d-secret/);
    expect(JSON.parse(line)).toMatchObject({ err: { message: expect.stringContaining('insert into users'), params: '[redacted]', stack: expect.stringContaining('duplicate key') } });
  });

  it("puts the request's id on every line written while it is served, and on its reply", async () => {
    const reply = await observed(new Request('http://shop.test/x'), undefined, '(test)', async () => {
      await Promise.resolve();
      log.error({ err: new Error('went wrong') }, 'Unexpected error');
      return new Response('fine');
    });
    const id = reply.headers.get('x-request-id');
    const entries = lines.slice(-2).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => [e.msg, e.requestId])).toEqual([
      ['Unexpected error', id],
      ['request', id],
    ]);
    expect(entries[1]).toMatchObject({ method: 'GET', route: '(test)', status: 200 });
  });
});
