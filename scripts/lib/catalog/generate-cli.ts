/**
 * `npm run generate-catalog -- --products 10000 [--seed 1] [--out file.json | --data-dir DIR | --database-url URL]`
 * Writes N generated products as an importable JSON file, or replaces every product of a
 * database with them (categories kept; an empty database first gets the seed's categories).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/data-dir-lock.ts';
import { generateProducts, replaceWithGenerated, seedMaterial } from './generate.ts';
import { LOCKED_MESSAGE, type CliIo } from './cli.ts';

export async function runGenerateCli(argv: string[], io: CliIo = { out: console.log, err: console.error }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        products: { type: 'string', default: '10000' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
      },
    }));
  } catch (err) {
    io.err((err as Error).message);
    return 2;
  }
  const n = Number(values.products);
  const seed = Number(values.seed);
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(seed)) {
    io.err('--products and --seed must be whole numbers.');
    return 2;
  }
  if (values.out) {
    const material = await seedMaterial();
    const products = generateProducts(n, { seed, images: material.images, categories: material.categories.map((c) => c.name) });
    await writeFile(values.out, `${JSON.stringify({ categories: material.categories, products }, null, 1)}\n`);
    io.out(`Wrote ${n} products to ${values.out}.`);
    return 0;
  }
  const settings = io.config ?? config;
  const url = values['database-url'] ?? settings.databaseUrl;
  let handle;
  try {
    handle = await openDatabase({ url, dataDir: values['data-dir'] ?? settings.dataDir });
  } catch (err) {
    io.err(err instanceof DatabaseLockedError ? `${err.message}\n${LOCKED_MESSAGE}` : `Could not open the database: ${(err as Error).message}`);
    return 1;
  }
  try {
    const { ms } = await replaceWithGenerated(handle.db, n, seed);
    io.out(`Replaced the products of ${handle.location} (${handle.kind}) with ${n} generated ones in ${(ms / 1000).toFixed(1)} s.`);
    return 0;
  } catch (err) {
    io.err(`Failed, nothing was changed: ${(err as Error).message.slice(0, 500)}`);
    return 1;
  } finally {
    await handle.close();
  }
}
