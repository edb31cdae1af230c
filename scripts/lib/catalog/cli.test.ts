import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { LOCKED_MESSAGE, runCatalogCli } from './cli.ts';
import { useTempDirs } from './test-files.ts';

const tempDir = useTempDirs();

describe('catalog CLI', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), config: readConfig({}) } };
  };

  it('validates, imports (exit 1 and no change on a bad row) and exports an embedded database', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'pglite');
    const seeded = await openDatabase({ dataDir });
    await seedIfEmpty(seeded.db, fixtureCatalogue);
    await seeded.close();

    const bad = join(dir, 'bad.csv');
    await writeFile(bad, `${CSV_HEADER}\nmilk-1l,Milk,,fresh,,999,,,,,,,,,,\nzero,Zero,,fresh,,0,,,,,,,,,,\n`);
    let run = io();
    expect(await runCatalogCli(['validate', bad, '--data-dir', dataDir], run.io)).toBe(1);
    expect(run.err).toContain('Row 2 (zero), field price: must be above 0');
    run = io();
    expect(await runCatalogCli(['import', bad, '--data-dir', dataDir], run.io)).toBe(1);
    expect(run.err.at(-1)).toBe('1 problem found; nothing was changed.');

    const out = join(dir, 'out.json');
    expect(await runCatalogCli(['export', out, '--data-dir', dataDir], io().io)).toBe(0);
    const exported = JSON.parse(await readFile(out, 'utf8'));
    expect(exported.products.find((p: { _id: string }) => p._id === 'milk-1l').price).toBe(290);
    expect(exported.categories).toHaveLength(4);

    const good = join(dir, 'good.csv');
    await writeFile(good, `${CSV_HEADER}\nmilk-1l,Milk,,fresh,,999,,,,,,,,,,\n`);
    run = io();
    expect(await runCatalogCli(['import', good, '--data-dir', dataDir], run.io)).toBe(0);
    expect(run.out[0]).toMatch(/0 new and 1 updated/);
  });

  it('refuses an embedded database another process holds, with advice', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'pglite');
    const store = await openDatabase({ dataDir });
    try {
      const file = join(dir, 'x.json');
      await writeFile(file, '[]');
      const run = io();
      // The lock is per process; pretend the holder is another live process.
      await writeFile(`${dataDir}.lock`, String(process.ppid));
      expect(await runCatalogCli(['import', file, '--data-dir', dataDir], run.io)).toBe(1);
      expect(run.err.join('\n')).toContain(LOCKED_MESSAGE);
    } finally {
      await writeFile(`${dataDir}.lock`, String(process.pid));
      await store.close();
    }
  });
});
