/**
 * `npm run bench:backup -- [--products 100000] [--orders 1000000] [--database-url postgres://…]`:
 * what a backup and a restore cost at a shop's size.
 *
 * 1. A fresh database (an embedded one in a temporary folder, or a new database on the server of
 *    --database-url): the seed, `--products` generated products and `--orders` orders
 *    (scripts/bench/load/desk-orders.ts: two years of a shop's orders).
 * 2. The data's own size (the data folder; PostgreSQL: pg_database_size) and, as the same run's
 *    baseline, what copying it takes: `tar czf` of the data folder (embedded) or `pg_dump` to plain
 *    SQL (PostgreSQL).
 * 3. The store's backup (src/server/backup/: what `npm run backup` and `npm start`'s own do), its
 *    time and size; checking it (`npm run restore` opens it first); restoring it into a new
 *    place, and opening that as the store does.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { backupNow, checkBackup, folderBytes, readPgliteBackup, restorePostgres } from '#server/backup/backup.ts';
import { categoryRecords } from '#server/catalog/bulk.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { bulkInsertProducts, generateProducts, seedMaterial } from '../lib/catalog/generate.ts';
import { generateDeskOrders } from './load/desk-orders.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, orders: { type: 'string', default: '1000000' }, 'database-url': { type: 'string' } },
});
const productCount = Number(values.products);
const orderCount = Number(values.orders);
const baseUrl = values['database-url'];

const root = await mkdtemp(join(tmpdir(), 'kiryana-bench-backup-'));
const dataDir = join(root, 'pglite');
const created = baseUrl ? await createPostgresDatabase(baseUrl) : undefined;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

try {
  let handle = await openDatabase(created ? { url: created.url } : { dataDir });
  let t = performance.now();
  await seedIfEmpty(handle.db);
  const material = await seedMaterial();
  const names = (await categoryRecords(handle.db)).map((c) => c.name);
  await bulkInsertProducts(handle.db, generateProducts(productCount, { seed: 1, images: material.images, categories: names }));
  await generateDeskOrders(handle.db, { count: orderCount, progress: (done) => console.error(`  ${done} orders, ${seconds(t)}`) });
  const counts = (await handle.db.execute(sql`select (select count(*)::int from products) as products, (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as lines`)) as unknown as {
    rows: { products: number; orders: number; lines: number }[];
  };
  const { products, orders, lines } = counts.rows[0];
  console.log(`${products} products, ${orders} orders (${lines} lines), ${handle.kind}; filled in ${seconds(t)}`);
  if (!created) {
    // What the files hold once written out: the store's own close checkpoints, as a stop would.
    await handle.close();
    handle = await openDatabase({ dataDir, migrate: false });
  }

  // 2. The data's size, and the baseline: copying it as it lies.
  if (created) {
    const size = (await handle.db.execute(sql`select pg_database_size(current_database())::bigint as b`)) as unknown as { rows: { b: string }[] };
    console.log(`database size: ${mb(Number(size.rows[0].b))}`);
    t = performance.now();
    execFileSync('pg_dump', ['--format=plain', `--file=${join(root, 'plain.sql')}`, `--dbname=${created.url}`]);
    console.log(`baseline, pg_dump to plain SQL: ${seconds(t)}, ${mb(await folderBytes(root))}`);
    await rm(join(root, 'plain.sql'));
  } else {
    console.log(`data folder: ${mb(await folderBytes(dataDir))}`);
    t = performance.now();
    execFileSync('tar', ['czf', join(root, 'copy.tar.gz'), '-C', root, 'pglite']);
    const copy = (await import('node:fs/promises')).stat(join(root, 'copy.tar.gz'));
    console.log(`baseline, tar czf of the data folder (store stopped): ${seconds(t)}, ${mb((await copy).size)}`);
    await rm(join(root, 'copy.tar.gz'));
  }

  // 3. The store's backup, checked, restored.
  t = performance.now();
  const backup = await backupNow(handle, { dir: join(root, 'backups'), keep: 2, databaseUrl: created?.url });
  console.log(`backup: ${backup.seconds.toFixed(1)} s, ${mb(backup.bytes)} (${backup.file})`);
  await handle.close();
  t = performance.now();
  const contents = await checkBackup(backup.file);
  console.log(`check before a restore: ${seconds(t)} (${contents.products >= 0 ? `${contents.products} products, ${contents.orders} orders` : 'listed'})`);
  t = performance.now();
  if (created) {
    await restorePostgres(backup.file, created.url);
  } else {
    const client = await PGlite.create(join(root, 'restored'), { extensions: { pg_trgm }, loadDataDir: await readPgliteBackup(backup.file) });
    await client.close();
  }
  const restoredIn = seconds(t);
  t = performance.now();
  const reopened = await openDatabase(created ? { url: created.url } : { dataDir: join(root, 'restored') });
  const after = (await reopened.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] };
  await reopened.close();
  console.log(`restore: ${restoredIn}, then opened as the store opens it in ${seconds(t)}: ${after.rows[0].n} orders`);
} finally {
  await created?.drop();
  await rm(root, { recursive: true, force: true });
}
