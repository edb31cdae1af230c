/**
 * An acknowledged order survives the API process being killed (SIGKILL: no shutdown code runs),
 * and nothing is placed twice when shoppers retry with their Idempotency-Key after the restart.
 *
 * A real API process (src/server/test/serve-api.ts) takes a continuous stream of guest placements,
 * several in flight at once; it is SIGKILLed from the moment one more 201 arrives, while the others
 * are in flight, then started again on the same database. Then:
 * - every acknowledged order (a 201 received) is there: same number, total and lines;
 * - every request sent, acknowledged or not, sent again with its own key gives one order: the same
 *   one for an acknowledged key (200, replayed), and once placed, the same one on every retry;
 * - the database holds exactly one order and one key a request, and each product's stock is its
 *   initial stock minus the units of the orders that exist.
 * On PGlite (a data dir of its own) the restart also takes over the killed process's lock file.
 * On PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '#lib/schemas/orders.ts';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '#server/db/client.ts';
import { idempotencyKeys, orderItems, orders, orderStatusEvents, products } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { startApiProcess, type ApiProcess } from '#server/test/api-process.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { placeOrder, plannedOrder, rng, stockedCatalogue, unitsByProduct, type PlannedOrder } from '#server/test/order-load.ts';

const STOCK = 100_000;
const catalogue = stockedCatalogue(12, STOCK);
/** Placements in flight at once. */
const CONCURRENCY = 6;
/** The process is killed when this many 201s have arrived (enough that the stream is in full flow). */
const KILL_AFTER = 40;

interface Target {
  name: 'pglite' | 'postgres';
  /** A fresh, seeded database: the env the API process opens it with, and how to open it here. */
  create(): Promise<{ env: Record<string, string>; open: OpenDatabaseOptions; lockFile?: string; drop(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'pglite',
    async create() {
      const root = await mkdtemp(join(tmpdir(), 'kiryana-kill-'));
      const dataDir = join(root, 'pglite');
      return { env: { KIRYANA_DATA_DIR: dataDir }, open: { dataDir }, lockFile: `${dataDir}.lock`, drop: () => rm(root, { recursive: true, force: true }) };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [{
        name: 'postgres' as const,
        async create() {
          const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
          return { env: { DATABASE_URL: created.url }, open: { url: created.url }, drop: created.drop };
        },
      }]
    : []),
];

async function withDatabase<T>(options: OpenDatabaseOptions, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(options);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describe.each(targets)('orders across a SIGKILL of the API process on $name', (target) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('keeps every acknowledged order, places each key once, and stock matches the orders', async () => {
    const database = await target.create();
    cleanups.push(database.drop);
    await withDatabase(database.open, (h) => seedIfEmpty(h.db, catalogue));

    let api: ApiProcess = await startApiProcess(database.env);
    cleanups.push(() => api.stop());
    const firstPid = api.pid;

    // The stream: CONCURRENCY workers, each placing one order after another until the kill.
    const random = rng(0x5eed + firstPid);
    const sent: PlannedOrder[] = [];
    const acknowledged = new Map<string, Order>();
    const unexpected: string[] = [];
    let killed = false;
    let inFlightAtKill = 0;
    let inFlight = 0;
    // A stream that gets anything but 201s stops at once (the test then fails on `unexpected`).
    const worker = async () => {
      while (!killed && unexpected.length === 0) {
        const planned = plannedOrder(catalogue, random);
        sent.push(planned);
        inFlight++;
        try {
          const reply = await placeOrder(api.origin, planned);
          if (reply.status === 201 && reply.body.order) acknowledged.set(planned.key, reply.body.order);
          else unexpected.push(`${reply.status} ${JSON.stringify(reply.body)}`);
        } catch {
          // No reply: the process died with this request in flight (unacknowledged).
        } finally {
          inFlight--;
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          inFlightAtKill = inFlight; // the other workers' requests, sent and not yet answered
          api.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(await api.exited).toBe('SIGKILL');
    expect(unexpected).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(inFlightAtKill).toBeGreaterThan(0);

    if (database.lockFile) {
      // The dead process's lock is still there; the restart must take it over, not refuse.
      expect((await readFile(database.lockFile, 'utf8')).trim().split(' ')[0]).toBe(String(firstPid));
    }
    api = await startApiProcess(database.env);

    // Every acknowledged order is there, as it was acknowledged.
    for (const [key, order] of acknowledged) {
      const res = await fetch(`${api.origin}/api/order/order-status/${order._id}`);
      const body = (await res.json()) as { order: Order };
      expect(res.status, key).toBe(200);
      expect(body.order).toMatchObject({ _id: order._id, orderNumber: order.orderNumber, totalAmount: order.totalAmount, items: order.items });
    }

    // Every request again with its own key: acknowledged ones replay, the others place at most once.
    const orderOfKey = new Map<string, string>();
    for (const planned of sent) {
      const reply = await placeOrder(api.origin, planned);
      const before = acknowledged.get(planned.key);
      if (before) {
        expect(reply.status, planned.key).toBe(200);
        expect(reply.body.order?._id).toBe(before._id);
      } else {
        expect([200, 201], `${planned.key}: ${JSON.stringify(reply.body)}`).toContain(reply.status);
      }
      orderOfKey.set(planned.key, reply.body.order!._id);
    }
    for (const planned of sent) {
      const again = await placeOrder(api.origin, planned);
      expect(again.status).toBe(200);
      expect(again.body.order?._id).toBe(orderOfKey.get(planned.key));
    }
    expect(new Set(orderOfKey.values()).size).toBe(sent.length);
    expect((await fetch(`${api.origin}/api/health`)).status).toBe(200);

    // Stopped cleanly (PGlite is one process at a time), then the database itself is checked.
    await api.stop();
    await withDatabase({ ...database.open, migrate: false }, async ({ db }) => {
      const [orderRows] = await db.select({ n: count() }).from(orders);
      const [keyRows] = await db.select({ n: count() }).from(idempotencyKeys);
      expect(orderRows.n).toBe(sent.length);
      expect(keyRows.n).toBe(sent.length);
      const [events] = await db.select({ n: count() }).from(orderStatusEvents);
      expect(events.n).toBe(sent.length); // one Pending row each, none left over from a lost attempt

      const units = unitsByProduct(sent);
      const taken = await db
        .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
        .from(orderItems)
        .groupBy(orderItems.productId);
      expect(new Map(taken.map((t) => [t.productId, t.units]))).toEqual(units);
      for (const product of catalogue.products) {
        const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product._id));
        expect(row.stock, product._id).toBe(STOCK - (units.get(product._id) ?? 0));
      }
    });
  }, 600_000);
});
