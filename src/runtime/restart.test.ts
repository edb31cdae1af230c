/**
 * A restart that drops nothing, for real: `npm start` on each database (the embedded one, and
 * PostgreSQL with WORKERS=2) under a flood of page, catalogue and order requests from shoppers
 * with kept-alive connections; `npm run restart` replaces every store process with a new one
 * (new process ids, the old ones gone after a clean exit), and not one request fails meanwhile:
 * no connection refused or reset, no 5xx, every order acknowledged is in the database.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seededStore } from '#server/test/seeded-store.ts';
import { placeOrder, plannedOrder, rng, stockedCatalogue } from '#server/test/order-load.ts';
import { runScript, startStore, until } from './store-process.ts';

const catalogue = stockedCatalogue(12);
const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

const targets = [
  { name: 'pglite' as const, workers: 1 },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, workers: 2 }] : []),
];

describe.each(targets)('npm run restart under a flood, on $name', ({ name, workers }) => {
  it('replaces every store process with no request failed and every acknowledged order kept', async () => {
    const { root, env, open, drop } = await seededStore(name, catalogue, { workers, prefix: 'kiryana-restart-' });
    roots.push(root);
    try {
      const store = startStore(env);
      const origin = `http://127.0.0.1:${env.PORT}`;
      const serving = () => [...store.output().matchAll(/Store process (\d+) is serving/g)].map((m) => Number(m[1]));
      try {
        await until(`${workers} store processes serving`, () => serving().length >= workers || undefined, store);
        const before = serving();

        // The flood: 8 shoppers, each on its kept-alive connections, reading and ordering in turn.
        const random = rng(7);
        const failures: string[] = [];
        const acknowledged: string[] = [];
        let answered = 0;
        let flooding = true;
        const reads = ['/', '/api/health', '/api/products?limit=5', `/api/products/${catalogue.products[3]._id}`, '/api/products?q=load'];
        const loops = Array.from({ length: 8 }, async (_, shopper) => {
          for (let turn = shopper; flooding; turn++) {
            const path = reads[turn % reads.length];
            try {
              if (turn % 3 === 0) {
                const reply = await placeOrder(origin, plannedOrder(catalogue, random));
                if (reply.status === 201 || reply.status === 200) acknowledged.push(reply.body.order!.orderNumber);
                else failures.push(`order: ${reply.status} ${reply.body.message}`);
              } else {
                const res = await fetch(`${origin}${path}`);
                await res.arrayBuffer();
                if (res.status !== 200) failures.push(`${path}: ${res.status}`);
              }
              answered++;
            } catch (err) {
              failures.push(`${turn % 3 === 0 ? 'order' : path}: ${String((err as Error).cause ?? err)}`);
            }
          }
        });
        const flowing = (more: number) => {
          const goal = answered + more;
          return until(`${more} more replies`, () => answered >= goal || undefined, store, 60_000);
        };
        await flowing(50);

        const restart = await runScript('scripts/restart.ts', [], env);
        expect(restart.code, restart.output + store.output()).toBe(0);
        expect(restart.output).toMatch(/Restarted in [\d.]+ s/);
        await flowing(50);
        flooding = false;
        await Promise.all(loops);

        expect(failures).toEqual([]);
        const after = serving().slice(before.length);
        expect(after).toHaveLength(workers);
        for (const pid of before) expect(() => process.kill(pid, 0), `old process ${pid} gone`).toThrow();
        expect(store.output()).not.toMatch(/being replaced stopped with|cut \d+ connections/);
        expect(acknowledged.length).toBeGreaterThan(20);
        const figures = await (await fetch(`${origin}/api/operator/metrics`)).text();
        expect(figures).toMatch(new RegExp(`^kiryana_store_process_exits_total\\{reason="replaced"\\} ${workers}$`, 'm'));

        await store.stop();
        const reopened = await open();
        try {
          const rows = (await reopened.db.execute(sql`select order_number from orders`)) as unknown as { rows: { order_number: string }[] };
          const kept = new Set(rows.rows.map((r) => r.order_number));
          expect(acknowledged.filter((number) => !kept.has(number))).toEqual([]);
        } finally {
          await reopened.close();
        }
      } finally {
        await store.stop();
      }
    } finally {
      await drop();
    }
  }, 180_000);
});
