/**
 * `npm run catalog` while a store runs on the embedded database (in this process, so the directory
 * cannot be opened a second time: every command here goes through the store's operator channel),
 * then, once the store stops, on the directory itself: the same files give the same words.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATALOG_FILE_BYTES } from '#server/catalog/file-format.ts';
import { readConfig, ROOT } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { channelPath } from '#server/operator-channel.ts';
import { TOO_LARGE_MESSAGE } from '#server/routes/operator-catalog.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { LOCKED_MESSAGE, runCatalogCli } from './cli.ts';
import { useTempDirs } from './test-files.ts';

const tempDir = useTempDirs();

interface Run {
  code: number;
  out: string[];
  err: string[];
}

describe('npm run catalog while the store holds the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let server: RunningServer;
  /** What the commands said through the store, to compare with what they say without it. */
  const throughStore = new Map<string, Run>();

  const run = async (...args: string[]): Promise<Run> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCatalogCli([...args, '--data-dir', dataDir], { out: (l) => out.push(l), err: (l) => err.push(l), config: readConfig({}) });
    return { code, out, err };
  };
  const product = async (id: string) => {
    const res = await fetch(`${server.url}/api/products/${id}`);
    return res.status === 404 ? undefined : ((await res.json()) as { data: { name: string; price: number; category: string } }).data;
  };
  const file = async (name: string, text: string) => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  beforeAll(async () => {
    dir = await tempDir();
    dataDir = join(dir, 'pglite');
    const seeded = await openDatabase({ dataDir });
    await seedIfEmpty(seeded.db, fixtureCatalogue);
    await seeded.close();
    server = await startServer({ port: 0, dataDir, distDir: join(dir, 'dist'), operatorChannel: true });
  });
  afterAll(async () => server?.close());

  it('imports new and updated products, which the store shows at once', async () => {
    expect(await product('milk-1l')).toMatchObject({ price: 290 }); // now kept by the store's catalogue cache
    const path = await file('import.csv', `${CSV_HEADER}\nmilk-1l,Olpers Milk 1L,,fresh,Olpers,310,,40,,,,,,,,\nlassi-1l,Nurpur Lassi 1L,,Fresh & Chilled Food,Nurpur,240,,12,,,,,,,,\n`);
    expect(await run('import', path)).toEqual({
      code: 0,
      out: [`Imported ${path}: 1 new product, 1 product changed (pglite).`, '  new     lassi-1l', '  changed milk-1l: price, discount, images, specifications'],
      err: [],
    });
    expect(await product('milk-1l')).toMatchObject({ price: 310 });
    expect(await product('lassi-1l')).toMatchObject({ name: 'Nurpur Lassi 1L', price: 240, category: 'Fresh & Chilled Food' });

    const json = await file('import.json', JSON.stringify({ categories: [{ _id: 'bakery', name: 'Bakery' }], products: [{ _id: 'naan', name: 'Naan', category: 'Bakery', price: 30 }] }));
    expect(await run('import', json)).toEqual({ code: 0, out: [`Imported ${json}: 1 new product; 1 category (pglite).`, '  new     naan'], err: [] });
    expect(await product('naan')).toMatchObject({ category: 'Bakery' });
  });

  it('refuses a file with problems row by row, as it would without the store, and changes nothing', async () => {
    const path = await file('bad.csv', `${CSV_HEADER}\nmilk-1l,Milk,,fresh,,999,,,,,,,,,,\nzero,Zero,,fresh,,0,,,,,,,,,,\nmilk-1l,Milk,,Nowhere,,10,,,,,0,,,,,\n`);
    const expected = [
      'Row 3 (zero), field price: must be above 0',
      'Row 4 (milk-1l), field _id: duplicate of row 2',
      "Row 4 (milk-1l), field category: unknown category 'Nowhere'",
      'Row 4 (milk-1l), field ratings5: must be at least 1: the product has 1 written 5-star review',
      'Row 4 (milk-1l), field ratings4: must be at least 1: the product has 1 written 4-star review',
      '5 problems found; nothing was changed.',
    ];
    for (const command of ['import', 'validate']) {
      const result = await run(command, path);
      expect(result).toEqual({ code: 1, out: [], err: expected });
      throughStore.set(`${command} bad`, result);
    }
    expect(await product('milk-1l')).toMatchObject({ price: 310 });
    expect(await product('zero')).toBeUndefined();
  });

  it('validates a good file against the store’s categories, changing nothing', async () => {
    const path = await file('good.json', JSON.stringify([{ _id: 'rusk', name: 'Rusk', category: 'bakery', price: 150 }]));
    const result = await run('validate', path);
    expect(result).toEqual({ code: 0, out: [`${path}: 1 product is valid. Importing it would make 1 new product:`, '  new     rusk'], err: [] });
    throughStore.set('validate good', result);
    expect(await product('rusk')).toBeUndefined();
  });

  it('exports JSON and CSV that import back unchanged', async () => {
    for (const format of ['json', 'csv']) {
      const first = join(dir, `export-1.${format}`);
      expect(await run('export', first)).toEqual({ code: 0, out: [`Exported the catalogue to ${first}.`], err: [] });
      const text = await readFile(first, 'utf8');
      expect(text).toContain('lassi-1l');
      expect(await run('import', first)).toMatchObject({ code: 0, out: [expect.stringMatching(/: 14 unchanged(, the search dictionary unchanged \(0 entries\))?(; 5 categories)? \(pglite\)\.$/)] });
      const second = join(dir, `export-2.${format}`);
      expect((await run('export', second)).code).toBe(0);
      expect(await readFile(second, 'utf8')).toBe(text);
    }
    // As the editor runs it, to standard output, from a process of its own.
    const stdout = await new Promise<string>((done, failed) =>
      execFile(process.execPath, [join(ROOT, 'scripts/catalog.ts'), 'export', '-', '--format', 'csv'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', KIRYANA_DATA_DIR: dataDir }, maxBuffer: 64 * 1024 * 1024 }, (error, out) =>
        error ? failed(error) : done(out),
      ),
    );
    expect(stdout).toBe(await readFile(join(dir, 'export-1.csv'), 'utf8'));
    const exported = JSON.parse(await readFile(join(dir, 'export-1.json'), 'utf8')) as { categories: unknown[]; products: { _id: string; price: number }[] };
    expect(exported.categories).toHaveLength(5);
    expect(exported.products.find((p) => p._id === 'milk-1l')?.price).toBe(310);
  });

  it("says what is wrong with a file the store cannot read, or one too large to send", async () => {
    const broken = await file('broken.json', '[{"_id": "milk-1l",');
    const result = await run('import', broken);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/^The file is not valid JSON: /);
    throughStore.set('import broken', result);

    const huge = join(dir, 'huge.csv');
    await writeFile(huge, Buffer.alloc(MAX_CATALOG_FILE_BYTES + 1, 'x'));
    expect(await run('import', huge)).toEqual({ code: 1, out: [], err: [TOO_LARGE_MESSAGE] });
  });

  it('once the store stops, opens the directory itself and says the same', async () => {
    await server.close();
    // A channel file left behind by a store that was killed: nothing answers there any more.
    await writeFile(channelPath(server.database.location), JSON.stringify({ url: server.url, key: 'k'.repeat(43), pid: 2 ** 22 + 1 }), { mode: 0o600 });
    for (const [name, result] of throughStore) {
      const [command, which] = name.split(' ');
      const path = join(dir, { bad: 'bad.csv', good: 'good.json', broken: 'broken.json' }[which]!);
      expect(await run(command, path)).toEqual(result);
    }
    const again = await run('import', join(dir, 'import.csv'));
    expect(again.out).toEqual([`Imported ${join(dir, 'import.csv')}: 2 unchanged (pglite).`]);
  });
});

describe('npm run catalog when another process holds the embedded database and no store answers', () => {
  it('says no store answers at the address it published, and gives the advice', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'pglite');
    const seeded = await openDatabase({ dataDir });
    await seedIfEmpty(seeded.db, fixtureCatalogue);
    await seeded.close();
    // A live process holds the lock (this one's parent stands in for a store that hangs), and the
    // channel it published names a port where nothing listens (the store's, closed).
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((done) => closed.close(done));
    await writeFile(`${dataDir}.lock`, String(process.ppid));
    await writeFile(channelPath(dataDir), JSON.stringify({ url, key: 'k'.repeat(43), pid: process.ppid }), { mode: 0o600 });
    const path = join(dir, 'x.csv');
    await writeFile(path, `${CSV_HEADER}\nzero,Zero,,fresh,,0,,,,,,,,,,\n`);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), config: readConfig({}) };
    expect(await runCatalogCli(['import', path, '--data-dir', dataDir], io)).toBe(1);
    expect(err).toEqual([
      `The embedded database in ${dataDir} is in use by another process (pid ${process.ppid}). No store answers at ${url}, where the store of this directory said it would (it stopped, or hangs).\n${LOCKED_MESSAGE}`,
    ]);
    // validate still checks the file, against the standard categories.
    err.length = 0;
    expect(await runCatalogCli(['validate', path, '--data-dir', dataDir], io)).toBe(1);
    expect(err[0]).toMatch(/No store answers at .* Checking categories against the standard list instead\.$/);
    expect(err.slice(1)).toEqual(['Row 2 (zero), field price: must be above 0', '1 problem found; nothing was changed.']);
  });
});
