import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { CATALOG_FILE_MESSAGES as FILE } from '#lib/catalog-file-messages.ts';
import { excelWindows1252, utf16 } from '#server/test/catalog-files.ts';
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
    expect(run.err).toContain('Row 3 (zero), field price: must be above 0');
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
    expect(run.out).toEqual([`Imported ${good}: 1 product changed (pglite).`, '  changed milk-1l: name, brand, price, discount, stock, images, specifications']);
  });

  it("reads Excel's Windows-1252 file and says so; validate and import say the same; a file neither UTF-8 nor Windows-1252 is refused in words", async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'pglite');
    const seeded = await openDatabase({ dataDir });
    await seedIfEmpty(seeded.db, fixtureCatalogue);
    await seeded.close();
    const excel = join(dir, 'excel.csv');
    await writeFile(excel, excelWindows1252());
    const checked = io();
    expect(await runCatalogCli(['validate', excel, '--data-dir', dataDir], checked.io)).toBe(0);
    expect(checked.err).toEqual([FILE.readAsWindows1252]);
    expect(checked.out).toEqual([
      `${excel}: 2 products are valid. Importing it would make 1 new product, 1 product changed:`,
      '  new     nestle-cream-200ml',
      '  changed milk-1l: price, images, specifications',
    ]);
    const imported = io();
    expect(await runCatalogCli(['import', excel, '--data-dir', dataDir], imported.io)).toBe(0);
    expect(imported.err).toEqual([FILE.readAsWindows1252]);
    expect(imported.out).toEqual([`Imported ${excel}: 1 new product, 1 product changed (pglite).`, ...checked.out.slice(1)]);
    const out = join(dir, 'out.json');
    expect(await runCatalogCli(['export', out, '--data-dir', dataDir], io().io)).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8')).products.find((p: { _id: string }) => p._id === 'nestle-cream-200ml')).toMatchObject({ name: 'Nestlé Cream 200ml' });

    const unicode = join(dir, 'unicode.txt.csv');
    await writeFile(unicode, utf16());
    const refused = io();
    expect(await runCatalogCli(['validate', unicode, '--data-dir', dataDir], refused.io)).toBe(1);
    expect(refused.err).toEqual([FILE.notUtf8]);
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
