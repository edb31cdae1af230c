/**
 * Times GET /api/products?q= against a catalogue database, in process (no HTTP), so the figure
 * is the query and its JSON: `node scripts/bench/search-api.ts --data-dir .cache/bench10k/pglite`
 * (or `--database-url postgres://…`). Generate the catalogue first with
 * `npm run generate-catalog -- --products 10000 --data-dir DIR`. Prints median and p95 per query.
 */
import { parseArgs } from 'node:util';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, runs: { type: 'string', default: '20' } },
});
const handle = await openDatabase(values['database-url'] ? { url: values['database-url'] } : { dataDir: values['data-dir'] ?? './data/pglite' });
const app = createApp({ db: handle.db, kind: handle.kind, logError: console.error });
const runs = Number(values.runs);

const queries = [
  'limit=48',
  'q=tea&limit=48',
  'q=rice&limit=5',
  'q=masala%20shan&limit=48',
  'q=zzzz-nothing&limit=48',
  'q=a&limit=48&sortBy=price&sortOrder=asc',
  'q=milk&category=fresh-chilled-food&limit=48&sortBy=rating&sortOrder=desc',
  'category=food-cupboard&limit=48&sortBy=price&sortOrder=asc&maxPrice=1000&rating=4',
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const total = (await (await app.request('/api/products?limit=1')).json()).data.pagination.total;
console.log(`${total} products, ${handle.kind}, ${runs} runs a query (after 2 warm-up runs)`);
for (const query of queries) {
  const times: number[] = [];
  let matched = 0;
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const res = await app.request(`/api/products?${query}`);
    const body = await res.json();
    if (i >= 2) times.push(performance.now() - start);
    matched = body.data.pagination.total;
  }
  times.sort((a, b) => a - b);
  console.log(`${query.padEnd(78)} ${String(matched).padStart(6)} found  median ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms`);
}
await handle.close();
