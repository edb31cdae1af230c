/**
 * The site keeper against a real API on PGlite and real Astro builds: a catalogue change rebuilds
 * only the pages it touches, and the site that gives is the one a full build of the same
 * catalogue gives, file for file.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { testDatabases } from '#server/test/databases.ts';
import { products, reviews, synonyms } from '#server/db/schema.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { bulkInsertProducts, generateProducts } from '../../scripts/lib/catalog/generate.ts';
import { parseCatalog } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { buildSite } from './build-site.ts';
import { siteKeeper, type SyncOutcome } from './site-keeper.ts';

const quiet = () => {};

/** Every file of a built site (but what the build keeps about itself) with a hash of its bytes. */
async function siteFiles(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const rel = relative(root, path);
      if (rel === '.kiryana' || rel === '.kiryana-build.json' || rel === 'images') continue;
      if (entry.isDirectory()) await walk(path);
      else files.set(rel, createHash('sha1').update(await readFile(path)).digest('hex'));
    }
  };
  await walk(root);
  return files;
}

describe.each(testDatabases)('the site keeper on $name', (target) => {
  let dir: string;
  let database: DatabaseHandle;
  let server: RunningServer;
  let artworkDir: string;
  const distDir = () => join(dir, 'dist');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kiryana-keeper-'));
    artworkDir = join(dir, 'artwork');
    await mkdir(artworkDir, { recursive: true });
    database = await target.open();
    await seedIfEmpty(database.db, fixtureCatalogue);
    // Enough products for listings of several pages (48 a page).
    await bulkInsertProducts(database.db, generateProducts(130, { seed: 3, categories: ['Food Cupboard', 'Pets, Home & Garden'] }));
    server = await startServer({ database, port: 0, distDir: distDir() });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const keeperFor = (outcomes: SyncOutcome[] = []) =>
    siteKeeper({ db: database.db, apiUrl: server.url, distDir: distDir(), artworkDir, log: quiet, onSynced: (o) => outcomes.push(o), onError: (err) => console.error(err) });
  const page = (path: string) => readFile(join(distDir(), path, 'index.html'), 'utf8');
  const rename = (id: string, name: string) => database.db.update(products).set({ name, updatedAt: new Date() }).where(eq(products.id, id));

  it('builds everything first, then nothing while the catalogue is unchanged or only its live figures change', async () => {
    const keeper = keeperFor();
    expect((await keeper.sync()).built).toBe('full');
    const [milk] = await database.db.select().from(products).where(eq(products.id, 'milk-1l'));
    await database.db.update(products).set({ price: 999, stock: 1, updatedAt: new Date() }).where(eq(products.id, 'milk-1l'));
    expect((await keeper.sync()).built).toBe('nothing');
    // Put back: the pages keep the figures of their build (the shopper's browser shows the live ones).
    await database.db.update(products).set({ price: milk.price, stock: milk.stock }).where(eq(products.id, 'milk-1l'));
  }, 120_000);

  it('rebuilds only the pages a change touches, and they are the pages a full build makes', async () => {
    const keeper = keeperFor();
    await keeper.sync();
    const before = await siteFiles(distDir());
    // A new name (its page, its category's listing, the home rows and related blocks that show
    // it), a product moved to another category, a new review, a new product.
    await rename('basmati-5kg', 'Guard Super Basmati 5kg');
    await database.db.update(products).set({ categoryId: 'fresh', updatedAt: new Date() }).where(eq(products.id, 'zzz-last'));
    await database.db.insert(reviews).values({ productId: 'atta-10kg', userName: 'Ayesha', rating: 5, comment: 'Soft rotis every time.', createdAt: new Date() });
    await bulkInsertProducts(database.db, generateProducts(1, { seed: 99, categories: ['Soft Drinks, Tea & Coffee'] }));
    const outcome = await keeper.sync();
    expect(outcome.reason).toBe('4 products changed');
    expect(outcome.built).toBe('changed');
    const incremental = await siteFiles(distDir());
    expect(outcome.result!.outcome.rendered).toBeLessThan(before.size / 2);

    expect(await page('product/basmati-5kg')).toContain('Guard Super Basmati 5kg');
    expect(await page('category/fresh')).toContain('/product/zzz-last/');
    expect(await page('category/cupboard')).not.toContain('/product/zzz-last/');
    expect(await page('product/atta-10kg')).toContain('Soft rotis every time.');

    const fullDir = join(dir, 'full');
    const expectSameAsFull = async (site: Map<string, string>) => {
      await buildSite({ apiUrl: server.url, distDir: fullDir, artworkDir, log: quiet });
      const full = await siteFiles(fullDir);
      await rm(fullDir, { recursive: true, force: true });
      expect([...site.keys()].filter((path) => !full.has(path))).toEqual([]);
      expect([...full.keys()].filter((path) => !site.has(path))).toEqual([]);
      expect([...full].filter(([path, hash]) => site.get(path) !== hash).map(([path]) => path)).toEqual([]);
      return full;
    };
    const full = await expectSameAsFull(incremental);
    // What changed is what was rewritten: unchanged pages are the previous build's very files.
    const unchanged = [...full.keys()].filter((path) => before.get(path) === full.get(path));
    expect(unchanged.length).toBeGreaterThan(full.size / 2);

    // A second rebuild builds on the first one's changes: the moved product back, another name.
    await rename('tapal-danedar-950g', 'Tapal Danedar Family Pack 950g');
    await database.db.update(products).set({ categoryId: 'cupboard', updatedAt: new Date() }).where(eq(products.id, 'zzz-last'));
    expect((await keeper.sync()).built).toBe('changed');
    expect(/aria-label="Breadcrumb">[\s\S]*?<\/nav>/.exec(await page('product/zzz-last'))?.[0]).toContain('/category/cupboard/');
    expect(await page('category/fresh')).not.toContain('/product/zzz-last/');
    await expectSameAsFull(await siteFiles(distDir()));
  }, 240_000);

  it('changes no page when an import fails', async () => {
    const keeper = keeperFor();
    await keeper.sync();
    const inode = (await stat(join(distDir(), 'product/milk-1l/index.html'))).ino;
    const file = parseCatalog(JSON.stringify([{ _id: 'milk-1l', name: 'Renamed Milk', category: 'Fresh & Chilled Food', price: -5 }]), 'json');
    expect((await importCatalog(database.db, file)).ok).toBe(false);
    expect((await keeper.sync()).built).toBe('nothing');
    expect((await stat(join(distDir(), 'product/milk-1l/index.html'))).ino).toBe(inode);
    expect(await page('product/milk-1l')).not.toContain('Renamed Milk');
  }, 120_000);

  it('rewrites the suggestions\' index, and no page, when only the search dictionary changes', async () => {
    const keeper = keeperFor();
    await keeper.sync();
    const before = await siteFiles(distDir());
    await database.db.insert(synonyms).values({ words: ['chawal', 'چاول'], means: ['basmati'] });
    const outcome = await keeper.sync();
    expect(outcome).toMatchObject({ built: 'changed', reason: 'the search dictionary changed' });
    const after = await siteFiles(distDir());
    const rewritten = [...after].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
    expect(rewritten).toContain('search-index.json');
    expect(rewritten.filter((path) => path.endsWith('.html'))).toEqual([]);
    const index = JSON.parse(await readFile(join(distDir(), 'search-index.json'), 'utf8')) as { synonyms: unknown };
    expect(index.synonyms).toEqual([{ words: ['chawal', 'چاول'], means: ['basmati'] }]);
    expect((await keeper.sync()).built).toBe('nothing');
  }, 240_000);

  it('follows the database: two imports in quick succession end with the later one’s pages', async () => {
    const outcomes: SyncOutcome[] = [];
    const keeper = keeperFor(outcomes);
    await keeper.sync();
    await keeper.watch();
    try {
      const importName = (name: string) =>
        importCatalog(database.db, parseCatalog(JSON.stringify([{ _id: 'eggs-12', name, category: 'Fresh & Chilled Food', brand: 'Farm', price: 420 }]), 'json'));
      expect((await importName('Desi Eggs 12')).ok).toBe(true);
      expect((await importName('Desi Brown Eggs 12')).ok).toBe(true);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(existsSync(join(distDir(), 'product/eggs-12/index.html')) && (await page('product/eggs-12')).includes('Desi Brown Eggs 12'))) {
        await new Promise((r) => setTimeout(r, 200));
      }
      await keeper.sync(); // the round in progress, if any, is over
      expect(await page('product/eggs-12')).toContain('Desi Brown Eggs 12');
      expect(await page('category/fresh')).toContain('Desi Brown Eggs 12');
      expect(await page('category/fresh')).not.toContain('Desi Eggs 12');
      expect(outcomes.some((o) => o.built === 'changed')).toBe(true);
    } finally {
      await keeper.stop();
    }
  }, 240_000);
});
