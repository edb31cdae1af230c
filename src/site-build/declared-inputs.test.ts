/**
 * A page is what its declared inputs make it: two full builds, before and after a change to many
 * products, give the same bytes for every page whose declared inputs (page-inputs.ts) are the same
 * in both catalogues, and for every page no declaration names. A route that shows more of the
 * catalogue than its declaration says (a page the site keeper would then leave stale), or a new
 * route made from the catalogue without a declaration, makes a page differ here.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApi } from '#features/catalog/api.ts';
import type { Catalogue } from '#features/catalog/build-data.ts';
import { inputsOf, pageKey, WHOLE_CATALOGUE_FILES } from '#features/catalog/page-inputs.ts';
import { ApiClient } from '#lib/api.ts';
import { relatedIndex } from '#lib/related.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { bulkInsertProducts, generateProducts } from '../../scripts/lib/catalog/generate.ts';
import { buildSite } from './build-site.ts';
import { declaredRoutes, type DeclaredRoute } from './page-plan.ts';

const quiet = () => {};
let dir: string;
let database: DatabaseHandle;
let server: RunningServer;
let routes: DeclaredRoute[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiryana-inputs-'));
  database = await openDatabase({ dataDir: 'memory://' });
  await seedIfEmpty(database.db, fixtureCatalogue);
  // Enough products for listings of two pages (48 a page) in three categories.
  await bulkInsertProducts(database.db, generateProducts(180, { seed: 5, categories: ['Food Cupboard', 'Pets, Home & Garden', 'Soft Drinks, Tea & Coffee'] }));
  server = await startServer({ database, port: 0, distDir: join(dir, 'served') });
  routes = await declaredRoutes();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The catalogue as a build reads it (build-data.ts): the API's categories and products with their reviews. */
async function readCatalogue(): Promise<Catalogue> {
  const api = new CatalogApi(new ApiClient(server.url));
  const [categories, all] = await Promise.all([api.listCategories(), api.allProducts('reviews')]);
  if (!categories.ok || !all.ok) throw new Error('The catalogue could not be read.');
  const byCategory = new Map<string, Product[]>(categories.data.map((c) => [c._id, []]));
  for (const product of all.data) byCategory.get(product.categoryId)?.push(product);
  return { apiUrl: server.url, categories: categories.data, products: all.data, byCategory, related: relatedIndex(all.data) };
}

async function build(name: string): Promise<{ dir: string; catalogue: Catalogue }> {
  const distDir = join(dir, name);
  const catalogue = await readCatalogue();
  await buildSite({ apiUrl: server.url, distDir, artworkDir: join(dir, 'artwork'), log: quiet });
  return { dir: distDir, catalogue };
}

/** The page of `key` in a built site. */
const pageFile = (site: string, key: string) => (key === '/' ? join(site, 'index.html') : existsSync(join(site, `${key}.html`)) ? join(site, `${key}.html`) : join(site, key, 'index.html'));

/** The keys of every HTML page of a built site. */
async function htmlPages(site: string): Promise<string[]> {
  return ((await readdir(site, { recursive: true })) as string[])
    .filter((file) => file.endsWith('.html') && !file.startsWith('images/'))
    .map((file) => pageKey(`/${file.split('\\').join('/').replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`));
}

const bytes = (file: string) => readFile(file).catch(() => undefined);

/**
 * How many pages of each route have the same declared inputs in both builds' catalogues, those of
 * them (and of the pages no declaration names) whose bytes differ, and how many pages' inputs changed.
 */
async function compare(before: { dir: string; catalogue: Catalogue }, after: { dir: string; catalogue: Catalogue }) {
  const checked = new Map<string, number>();
  const differ: string[] = [];
  const declared = new Set<string>();
  let inputsChanged = 0;
  for (const { file, route } of routes) {
    const earlier = new Map(route.pages(before.catalogue).map((page) => [pageKey(page.path), inputsOf(page.props)]));
    for (const page of route.pages(after.catalogue)) {
      const key = pageKey(page.path);
      declared.add(key);
      const inputs = earlier.get(key);
      if (!inputs || !isDeepStrictEqual(inputs, inputsOf(page.props))) {
        inputsChanged++;
        continue;
      }
      checked.set(file, (checked.get(file) ?? 0) + 1);
      const [a, b] = await Promise.all([bytes(pageFile(before.dir, key)), bytes(pageFile(after.dir, key))]);
      if (!a || !b || !a.equals(b)) differ.push(`${key} (${file})`);
    }
  }
  const undeclared: string[] = [];
  for (const key of new Set([...(await htmlPages(before.dir)), ...(await htmlPages(after.dir))])) {
    if (declared.has(key) || WHOLE_CATALOGUE_FILES.test(key)) continue;
    const [a, b] = await Promise.all([bytes(pageFile(before.dir, key)), bytes(pageFile(after.dir, key))]);
    if (!a || !b || !a.equals(b)) undeclared.push(key);
  }
  return { checked, differ, undeclared, inputsChanged };
}

/** Changes what a page can show of each of `ids` but its category, its ratings and whether it is a deal (name, words, brand, picture, price, specifications, an older date). */
async function change(catalogue: Catalogue, ids: Iterable<string>, round: string) {
  const pictures = catalogue.products.map((p) => p.images).filter((images) => images.length);
  let i = 0;
  for (const id of ids) {
    const p = catalogue.products.find((product) => product._id === id)!;
    await database.db
      .update(products)
      .set({
        name: `${p.name} (${round})`,
        description: `${p.description} Changed in ${round}.`,
        brand: `${p.brand} ${round}`,
        images: pictures[i++ % pictures.length],
        price: p.price + 7,
        specifications: [...p.specifications, { name: 'Round', value: round }],
        createdAt: new Date(Date.parse(p.createdAt) - 400 * 86_400_000),
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
  }
}

describe('what each page is built from', () => {
  it('a page whose declared inputs are unchanged is unchanged, and every page made from the catalogue is declared', async () => {
    const first = await build('first');
    // 1. Every product of one category, and two more moved into it (the counts change): the other
    // categories' listings and product pages hold still.
    const idOf = (name: string) => first.catalogue.categories.find((c) => c.name === name)!._id;
    const cupboard = first.catalogue.byCategory.get(idOf('Food Cupboard'))!;
    const moved = first.catalogue.byCategory.get(idOf('Pets, Home & Garden'))!.slice(-2);
    await change(first.catalogue, [...cupboard, ...moved].map((p) => p._id), 'one');
    for (const p of moved) await database.db.update(products).set({ categoryId: idOf('Food Cupboard') }).where(eq(products.id, p._id));
    const second = await build('second');
    // 2. Every product on no page of one page (home, error, search): those pages hold still.
    const onSinglePages = new Set(routes.flatMap(({ route }) => route.pages(second.catalogue).filter((page) => Object.keys(page.params).length === 0)).flatMap((page) => inputsOf(page.props)));
    await change(second.catalogue, second.catalogue.products.filter((p) => !onSinglePages.has(p)).map((p) => p._id), 'two');
    const third = await build('third');

    const rounds = [await compare(first, second), await compare(second, third)];
    expect(rounds.flatMap((r) => r.differ), 'pages that changed although their declared inputs did not').toEqual([]);
    expect(rounds.flatMap((r) => r.undeclared), 'pages that changed although no declaration names them').toEqual([]);
    // Each route had pages held still, so each was checked.
    const checked = new Map<string, number>();
    for (const { checked: some } of rounds) for (const [file, count] of some) checked.set(file, (checked.get(file) ?? 0) + count);
    expect(routes.filter(({ file }) => !checked.get(file)).map(({ file }) => file)).toEqual([]);
    // And each change did change pages: the comparison is not of two equal catalogues.
    expect(rounds.map((r) => r.inputsChanged > 50)).toEqual([true, true]);
  }, 300_000);
});
