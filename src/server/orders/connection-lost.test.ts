/**
 * A placement whose database connection is terminated mid-transaction (pg_terminate_backend, as an
 * administrator, a failover or a PostgreSQL restart would) leaves no partial order, and the API keeps
 * serving. Deterministic: the test holds the product's row lock from its own connection, so the
 * placement's transaction (key claimed, waiting to take stock) stays open until the test ends its
 * backend. PostgreSQL only (PGlite has no connections to lose): runs when TEST_DATABASE_URL is set.
 *
 * - With an Idempotency-Key the placement is safe to run again, so the server retries it once on a
 *   fresh connection (withConnectionRetry): 201, one order, stock taken once.
 * - Without one, a retry could place the order twice (a COMMIT lost in flight may have landed), so
 *   the shopper gets a clean 500 JSON reply, and nothing of the order exists.
 */
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { basketTotals, salePrice } from '#lib/money.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { idempotencyKeys, orderItems, orders, orderStatusEvents, products } from '#server/db/schema.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { plannedOrder, rng, stockedCatalogue, type PlannedOrder } from '#server/test/order-load.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const STOCK = 1000;
const catalogue = stockedCatalogue(4, STOCK);

describe.skipIf(!baseUrl)('an order whose database connection is terminated mid-transaction (PostgreSQL)', () => {
  let created: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;
  const logged: string[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase(baseUrl!);
    handle = await openDatabase({ url: created.url });
    await seedIfEmpty(handle.db, catalogue);
    const quiet = (line: string) => void logged.push(line);
    app = createApp({ db: handle.db, kind: 'postgres', mailer: createMailer({ from: 'test@example.pk', log: quiet }), logError: (err) => logged.push(String(err)) });
  });

  afterAll(async () => {
    await app?.settled();
    await handle?.close();
    await created?.drop();
  });

  const connect = async () => {
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    return client;
  };

  const place = async (planned: PlannedOrder, withKey: boolean) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (withKey) headers['Idempotency-Key'] = planned.key;
    const res = await app.request('/api/order/place', { method: 'POST', headers, body: JSON.stringify(planned.body) });
    return { status: res.status, text: await res.text() };
  };

  /** Two units of `productId` alone, so the held row lock is the one the placement waits on. */
  const singleLine = (seed: number, productId: string): PlannedOrder => {
    const planned = plannedOrder(catalogue, rng(seed), 1);
    const product = catalogue.products.find((p) => p._id === productId)!;
    const items = [{ productId, quantity: 2, price: salePrice({ price: Number(product.price), discount: Number(product.discount ?? 0) }) }];
    return { ...planned, body: { ...planned.body, items, totalAmount: basketTotals(items).total } };
  };

  const stockOf = async (id: string) => (await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
  const tally = async () => ({
    orders: (await handle.db.select({ n: count() }).from(orders))[0].n,
    items: (await handle.db.select({ n: count() }).from(orderItems))[0].n,
    events: (await handle.db.select({ n: count() }).from(orderStatusEvents))[0].n,
    keys: (await handle.db.select({ n: count() }).from(idempotencyKeys))[0].n,
  });

  /**
   * Places `planned` while the test holds its product's row lock; once the placement's backend waits
   * on that lock (the placement statement locks the lines' rows before it claims the key), terminates that backend, then
   * lets the lock go. Resolves with the reply and the terminated pid.
   */
  async function placeAndTerminate(planned: PlannedOrder, withKey: boolean) {
    const locker = await connect();
    const admin = await connect();
    try {
      await locker.query('begin');
      await locker.query('select stock from products where id = $1 for update', [planned.body.items[0].productId]);
      const reply = place(planned, withKey);
      let victim: number | undefined;
      const deadline = Date.now() + 60_000;
      while (victim === undefined) {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and pid not in ($1, pg_backend_pid())
              and wait_event_type = 'Lock' and state = 'active'`,
          [(await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid],
        );
        victim = rows[0]?.pid;
        if (victim === undefined) {
          if (Date.now() > deadline) throw new Error('the placement never waited on the held row lock');
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      if (withKey) {
        // Nothing of the placement is visible while its statement waits.
        expect((await admin.query('select 1 from idempotency_keys where key = $1', [planned.key])).rowCount).toBe(0);
      }
      expect((await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [victim])).rows[0].ok).toBe(true);
      await locker.query('rollback');
      return { ...(await reply), victim };
    } finally {
      await locker.end();
      await admin.end();
    }
  }

  it('without an Idempotency-Key: a clean 500 reply, nothing of the order, stock unchanged, and the API keeps serving', async () => {
    const productId = catalogue.products[1]._id;
    const before = await tally();
    const stockBefore = await stockOf(productId);
    const planned = singleLine(11, productId);

    const { status, text, victim } = await placeAndTerminate(planned, false);
    expect(status).toBe(500);
    const body = JSON.parse(text) as { success: boolean; message: string };
    expect(body).toMatchObject({ success: false });
    expect(body.message).toBeTruthy();
    expect(text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/); // no stack, no paths
    expect(await tally()).toEqual(before);
    expect(await stockOf(productId)).toBe(stockBefore);

    const admin = await connect();
    try {
      expect((await admin.query('select 1 from pg_stat_activity where pid = $1', [victim])).rowCount).toBe(0);
    } finally {
      await admin.end();
    }
    // The pool dropped the dead connection: the next placements and /api/health succeed.
    for (let i = 0; i < 12; i++) expect((await place(singleLine(100 + i, productId), true)).status).toBe(201);
    expect((await app.request('/api/health')).status).toBe(200);
    expect(await stockOf(productId)).toBe(stockBefore - 12 * 2);
  }, 120_000);

  it('with an Idempotency-Key: retried once on a fresh connection, placed exactly once', async () => {
    const productId = catalogue.products[2]._id;
    const before = await tally();
    const stockBefore = await stockOf(productId);
    const planned = singleLine(22, productId);

    const { status, text } = await placeAndTerminate(planned, true);
    expect(status, text).toBe(201);
    const { order } = JSON.parse(text) as { order: { _id: string; totalAmount: number } };
    expect(await tally()).toEqual({ orders: before.orders + 1, items: before.items + 1, events: before.events + 1, keys: before.keys + 1 });
    expect(await stockOf(productId)).toBe(stockBefore - 2);
    const [bound] = await handle.db.select({ orderId: idempotencyKeys.orderId }).from(idempotencyKeys).where(eq(idempotencyKeys.key, planned.key));
    expect(bound.orderId).toBe(order._id);
    expect(logged.some((line) => line.includes('running the request again'))).toBe(true);

    // The same key again replays that order; the API keeps serving.
    const again = await place(planned, true);
    expect(again.status).toBe(200);
    expect((JSON.parse(again.text) as { order: { _id: string } }).order._id).toBe(order._id);
    expect((await app.request('/api/health')).status).toBe(200);
  }, 120_000);
});
