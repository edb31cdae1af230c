/**
 * Two stores started from one checkout (two data folders, each with its site) build at the same
 * moment, each in a working folder of its own beside its site: both succeed, each site shows its
 * own catalogue, and neither leaves anything in the checkout's `.astro/` or in the other's folder.
 * Store B holds rows stored before the rules refused them (category names with a slash, pictures
 * that are not addresses a page may name): its build makes every other page, and its meta tags and
 * structured data name none of those pictures.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { categories, products } from '#server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { buildSite } from './build-site.ts';
import { ROOT } from './config.ts';

interface Store {
  folder: string;
  database: DatabaseHandle;
  server: RunningServer;
}

const stores: Store[] = [];
const BAD_PICTURES = ['javascript:alert(1)', '//evil.example/x.webp', '/images/../../etc/passwd'];
const milk = fixtureCatalogue.products.find((p) => p._id === 'milk-1l')!;

/** Runs of Astro left in the checkout's own `.astro/` (where builds once shared their bundle). */
const checkoutRuns = async () => (existsSync(join(ROOT, '.astro')) ? (await readdir(join(ROOT, '.astro'))).filter((n) => n.startsWith('run-') || n === '.prerender') : []);

beforeAll(async () => {
  for (const name of ['Store A Milk 1L', 'Store B Milk 1L']) {
    const folder = await mkdtemp(join(tmpdir(), 'kiryana-two-stores-'));
    await mkdir(join(folder, 'data'), { recursive: true });
    const database = await openDatabase({ dataDir: join(folder, 'data', 'pglite') });
    await seedIfEmpty(database.db, { ...fixtureCatalogue, products: fixtureCatalogue.products.map((p) => (p._id === milk._id ? { ...p, name } : p)) });
    const server = await startServer({ database, port: 0, distDir: join(folder, 'dist') });
    stores.push({ folder, database, server });
  }
  const b = stores[1].database.db;
  await b.insert(categories).values([
    { id: 'fruit-veg', name: 'Fruit/Veg', position: 100 },
    { id: 'climb', name: 'a/../../tmp/x', position: 101 },
  ]);
  await b.update(products).set({ images: BAD_PICTURES, updatedAt: new Date() }).where(eq(products.id, milk._id));
}, 60_000);

afterAll(async () => {
  for (const s of stores) {
    await s.server.close();
    await s.database.close();
    await rm(s.folder, { recursive: true, force: true });
  }
});

describe('two stores from one checkout', () => {
  it('build at once, each in a folder of its own, and both succeed', async () => {
    const before = await checkoutRuns();
    const results = await Promise.all(
      stores.map((s) => buildSite({ apiUrl: s.server.url, distDir: join(s.folder, 'dist'), artworkDir: join(s.folder, 'artwork'), picturesDir: join(s.folder, 'pictures'), log: () => {} })),
    );
    for (const r of results) expect(r.pages).toBeGreaterThan(fixtureCatalogue.products.length);
    const [a, b] = await Promise.all(stores.map((s) => readFile(join(s.folder, 'dist/product/milk-1l/index.html'), 'utf8')));
    expect(a).toContain('Store A Milk 1L');
    expect(b).toContain('Store B Milk 1L');
    expect(a).not.toContain('Store B Milk 1L');
    for (const s of stores) {
      // The build's working folders were beside its site, and are gone once it is swapped in.
      expect(await readdir(join(s.folder, '.build'))).toEqual([]);
      expect(existsSync(join(s.folder, 'dist/.prerender'))).toBe(false);
    }
    expect(await checkoutRuns()).toEqual(before);

    // Store B's stored rows that no longer pass: the pages by id are made, none by those names.
    const bDist = join(stores[1].folder, 'dist');
    expect(existsSync(join(bDist, 'category/fruit-veg/index.html'))).toBe(true);
    expect(existsSync(join(bDist, 'category/climb/index.html'))).toBe(true);
    expect(existsSync(join(bDist, 'category/Fruit'))).toBe(false);
    expect(existsSync(join(bDist, 'tmp'))).toBe(false);
    expect(existsSync(join(stores[1].folder, 'tmp'))).toBe(false);
    const head = b.slice(0, b.indexOf('</head>'));
    expect(head).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/images\/hero\/hero-1-1440\.webp"/);
    for (const bad of ['javascript:', 'evil.example', 'etc/passwd']) expect(head, bad).not.toContain(bad);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]) as { image: string[] };
    expect(jsonLd.image).toEqual([]);
  }, 240_000);
});
