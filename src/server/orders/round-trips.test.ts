/**
 * What a placement costs the database, counted on the driver (openDatabase's `onStatement`): a
 * guest's order is one round trip whatever its lines (the one placement statement, which also
 * spends the per-client limit's count: no BEGIN, no COMMIT, nothing read back), a refusal the same
 * one, a replay that one and the order's three reads; a cancel gives the stock back in one statement whatever
 * its lines. Also: the statement's sale price is money.ts's, and stock changes notify the stock
 * channel with the product ids, on commit only.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePrice } from '#lib/money.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { createApp } from '#server/app.ts';
import { STOCK_CHANNEL } from '#server/catalog/channels.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { advanceOrder } from './lifecycle.ts';
import { placeOrder } from './place-order.ts';
import { SALE_PRICE } from './place-statement.ts';

const NOW = new Date(Date.UTC(2026, 2, 1, 9));
const MILK = { productId: 'milk-1l', quantity: 1, price: 280 };
const EGGS = { productId: 'eggs-12', quantity: 2, price: 400 };
const SHAN = { productId: 'shan-biryani-50g', quantity: 3, price: 120 };

/** Every notification on the stock channel from now on (PGlite in process; PostgreSQL on a connection of its own). */
async function listenToStock(handle: DatabaseHandle): Promise<{ payloads: string[]; stop(): Promise<void> }> {
  const payloads: string[] = [];
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (handle.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(STOCK_CHANNEL, (payload) => payloads.push(payload));
    return { payloads, stop: unlisten };
  }
  const listener = new pg.Client({ connectionString: (client as pg.Pool).options.connectionString });
  await listener.connect();
  listener.on('notification', (n) => n.channel === STOCK_CHANNEL && payloads.push(n.payload ?? ''));
  await listener.query(`listen ${STOCK_CHANNEL}`);
  return { payloads, stop: () => listener.end() };
}

describe.each(testDatabases)('round trips of a placement on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;
  let seen: string[] = [];

  beforeAll(async () => {
    handle = await target.open({ onStatement: (text) => seen.push(text.replace(/\s+/g, ' ').trim()) });
    await seedIfEmpty(handle.db, fixtureCatalogue);
    app = createApp({ db: handle.db, counters: handle.counters, kind: handle.kind, trustProxy: { hops: 1 }, mailer: createMailer({ from: 'test@example.pk', log: () => {} }), logError: () => {} });
    // The catalogue cache starts listening (LISTEN statements) before anything is counted.
    await app.catalogue.ready;
  });
  afterAll(async () => {
    await app?.settled();
    await handle?.close();
  });

  let client = 0;
  /** POST /api/order/place as a guest from an address of its own; the statements it sent. */
  async function placed(items: object[], key?: string) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.0.${++client}` };
    if (key) headers['Idempotency-Key'] = key;
    seen = [];
    const res = await app.request('/api/order/place', { method: 'POST', headers, body: JSON.stringify(orderBody(items as never)) });
    const body = (await res.json()) as { order?: { orderNumber: string } };
    return { status: res.status, body, statements: seen };
  }

  /** The guest-order points spent so far by the address of the last placement. */
  async function guestPointsOfLastClient(): Promise<number | undefined> {
    const result = await handle.db.execute(sql`select points from rate_limits where key = ${`guest-orders:10.9.0.${client}`}`);
    return (result as unknown as { rows: { points: number }[] }).rows[0]?.points;
  }

  it('a guest order is one round trip, of one line or three, with a key or without, and it spends the guest-order count', async () => {
    for (const [items, key] of [[[MILK]], [[MILK, EGGS, SHAN], 'rt-key-1'], [[EGGS, SHAN]], [[SHAN], 'rt-key-2']] as const) {
      const { status, statements } = await placed([...items], key);
      expect(status).toBe(201);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^with wanted as/);
      expect(await guestPointsOfLastClient()).toBe(1);
    }
  });

  it('a refused order (409) is the same one round trip, not counted; a replay adds only the order\'s three reads', async () => {
    const refused = await placed([{ productId: 'atta-10kg', quantity: 5, price: 1800 }, MILK]);
    expect(refused.status).toBe(409);
    expect(refused.statements).toHaveLength(1);
    expect(await guestPointsOfLastClient()).toBeUndefined();
    const first = await placed([MILK], 'rt-replay');
    expect(first.status).toBe(201);
    const again = await placed([MILK], 'rt-replay');
    expect(again.status).toBe(200);
    expect(again.body.order?.orderNumber).toBe(first.body.order?.orderNumber);
    expect(again.statements).toHaveLength(4);
  });

  it('a cancel gives back the stock of every line in one statement: three lines cost what one does', async () => {
    const cancelStatements = async (items: (typeof MILK)[]) => {
      const { order } = await placeOrder(handle.db, { body: orderBody(items) as PlaceOrderBody, now: NOW });
      seen = [];
      await advanceOrder(handle.db, order.orderNumber, 'Cancelled', NOW, { actor: { kind: 'operator' } });
      return seen.length;
    };
    expect(await cancelStatements([MILK, EGGS, SHAN])).toBe(await cancelStatements([SHAN]));
  });

  it("the statement's sale price is salePrice of money.ts, discounts above the price and below zero included", async () => {
    const cases = [0, 1, 99, 100, 250, 2400].flatMap((price) => [-5, 0, 1, 99, 100, 300, 5000].map((discount) => ({ price, discount })));
    const values = sql.join(cases.map((c) => sql`(${c.price}::int, ${c.discount}::int)`), sql`, `);
    const result = await handle.db.execute(sql`select ${SALE_PRICE} as sale from (values ${values}) as p(price, discount)`);
    const sales = (result as unknown as { rows: { sale: number }[] }).rows.map((r) => r.sale);
    expect(sales).toEqual(cases.map(salePrice));
  });

  it("every stock change notifies the stock channel with each product's id (the database's trigger), once committed; a refusal notifies nothing", async () => {
    const stock = await listenToStock(handle);
    try {
      const { order } = await placeOrder(handle.db, { body: orderBody([SHAN, MILK]) as PlaceOrderBody, now: NOW });
      await expect.poll(() => [...stock.payloads].sort()).toEqual(['milk-1l', 'shan-biryani-50g']);
      await expect(placeOrder(handle.db, { body: orderBody([{ productId: 'atta-10kg', quantity: 5, price: 1800 }]) as PlaceOrderBody, now: NOW })).rejects.toMatchObject({ status: 409 });
      await advanceOrder(handle.db, order.orderNumber, 'Cancelled', NOW, { actor: { kind: 'operator' } });
      await expect.poll(() => [...stock.payloads].sort()).toEqual(['milk-1l', 'milk-1l', 'shan-biryani-50g', 'shan-biryani-50g']);
    } finally {
      await stock.stop();
    }
  });
});
