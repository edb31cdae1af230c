/**
 * The rebuild plan from the routes' own declarations: every route made from the catalogue has one
 * and takes its pages from it (a route without one would never be rebuilt), nothing else reads the
 * catalogue behind the declarations' back, and a change names exactly the pages whose inputs it
 * changed. That a page's output follows its declared inputs is held by declared-inputs.test.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '#features/catalog/build-data.ts';
import { WHOLE_CATALOGUE_FILES } from '#features/catalog/page-inputs.ts';
import { product } from '#features/catalog/test-products.ts';
import { relatedIndex } from '#lib/related.ts';
import type { Category, Product } from '#lib/schemas/catalog.ts';
import { DECLARATION, declaredRoutes, PAGES_DIR, planPages, type DeclaredRoute } from './page-plan.ts';

const SRC = join(PAGES_DIR, '..');

async function filesIn(dir: string): Promise<string[]> {
  return ((await readdir(dir, { recursive: true })) as string[]).map((file) => file.split('\\').join('/'));
}

/** What a route's source reads of the catalogue: the catalogue itself, or the search index made from it. */
const READS_CATALOGUE = /#features\/catalog\/build-data\.ts|\bloadCatalogue\(|\bbuiltSearchIndex\(/;

/** The URL a route file is served at, for the whole-catalogue files (`sitemap.xml.ts` → `/sitemap.xml`). */
const routeUrl = (file: string) => `/${file.replace(/\.(astro|ts|md)$/, '').replace(/\[[^\]]+\]/g, '0')}`;

describe('the routes declare what their pages are made from', () => {
  it('every route that reads the catalogue has its declaration beside it and takes its pages from it', async () => {
    const files = await filesIn(PAGES_DIR);
    const routes = files.filter((file) => /\.(astro|ts)$/.test(file) && !file.split('/').some((part) => part.startsWith('_')) && !file.endsWith('.test.ts'));
    const undeclared: string[] = [];
    let reading = 0;
    for (const file of routes) {
      const source = await readFile(join(PAGES_DIR, file), 'utf8');
      if (!READS_CATALOGUE.test(source) || WHOLE_CATALOGUE_FILES.test(routeUrl(file))) continue;
      reading++;
      const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.(astro|ts)$/, '');
      const declaration = `_${name}.inputs.ts`;
      if (!files.includes(file.replace(/[^/]+$/, declaration)) || !source.includes(`from './${declaration}'`)) undeclared.push(`${file} (${declaration})`);
      // The catalogue read only to hand it to the declaration: `pages.staticPaths(await loadCatalogue())` or `page.props(…)`.
      const reads = source.match(/\bloadCatalogue\(\)/g)?.length ?? 0;
      const handed = source.match(/\.(staticPaths|props)\(await loadCatalogue\(\)\)/g)?.length ?? 0;
      if (reads !== handed) undeclared.push(`${file} (reads the catalogue besides handing it to ${declaration})`);
    }
    expect(undeclared, 'routes made from the catalogue without a declaration beside them that they take their pages from').toEqual([]);
    // Home, error, search, product, and the two listings.
    expect(reading).toBeGreaterThanOrEqual(6);
  });

  it('every declaration is of a route beside it, and is found by the plan', async () => {
    const files = await filesIn(PAGES_DIR);
    const declarations = files.filter((file) => DECLARATION.test(file.slice(file.lastIndexOf('/') + 1)));
    const orphans = declarations.filter((file) => {
      const route = file.replace(/_([^/]+)\.inputs\.ts$/, '$1');
      return !files.includes(`${route}.astro`) && !files.includes(`${route}.ts`);
    });
    expect(orphans).toEqual([]);
    expect((await declaredRoutes()).map((d) => d.file)).toEqual([...declarations].sort());
    expect(declarations.length).toBeGreaterThanOrEqual(6);
  });

  it('nothing but the declarations and the files made from the whole catalogue reads the catalogue for a page', async () => {
    // The menu (navCategories) and whether there is a search index are what every page shows: when
    // they change, the plan rebuilds everything. Any other read would be an input no plan knows of.
    const allowed = new Set(['features/catalog/build-data.ts', 'features/search/build-index.ts', 'site-build/changed-pages.ts', 'site-build/early-catalogue.ts']);
    const readers: string[] = [];
    for (const file of await filesIn(SRC)) {
      if (!/\.(astro|ts|tsx)$/.test(file) || file.endsWith('.test.ts') || allowed.has(file) || file.startsWith('pages/')) continue;
      if (/\bloadCatalogue\(/.test(await readFile(join(SRC, file), 'utf8'))) readers.push(file);
    }
    expect(readers, 'modules that read the catalogue outside a route declaration').toEqual([]);
  });
});

const category = (id: string, count: number): Category => ({ _id: id, name: `Category ${id}`, description: '', images: [`/images/categories/${id}.webp`], productCount: count });

function catalogueOf(products: Product[], previous?: Catalogue): Catalogue {
  // A category that did not change stays the same object, as in a rebuild's catalogue (build-data.ts).
  const counts = (id: string) => products.filter((p) => p.categoryId === id).length;
  const categories = ['bakery', 'frozen'].map((id) => previous?.categories.find((c) => c._id === id && c.productCount === counts(id)) ?? category(id, counts(id)));
  const byCategory = new Map<string, Product[]>(categories.map((c) => [c._id, products.filter((p) => p.categoryId === c._id)]));
  return { apiUrl: 'http://test', categories, products, byCategory, related: relatedIndex(products) };
}

describe('planPages', () => {
  let routes: DeclaredRoute[];
  const all = Array.from({ length: 120 }, (_, i) => product(i, { categoryId: i % 3 === 0 ? 'bakery' : 'frozen' }));
  const before = catalogueOf(all);
  beforeAll(async () => {
    routes = await declaredRoutes();
  });

  const changed = (plan: ReturnType<typeof planPages>) => (plan.mode === 'changed' ? [...plan.render].sort() : plan.reason);

  it('renders nothing when nothing changed', () => {
    expect(changed(planPages(routes, before, catalogueOf([...all], before)))).toEqual([]);
  });

  it('renders the pages that show a renamed product, and no other', () => {
    const renamed = all.map((p) => (p._id === 'p-100' ? { ...p, name: 'Renamed' } : p));
    const after = catalogueOf(renamed, before);
    const render = changed(planPages(routes, before, after)) as string[];
    const showing = routes.flatMap(({ route }) => route.pages(after).filter((page) => JSON.stringify(page.props).includes('"Renamed"')).map((page) => page.path.replace(/\/$/, '') || '/'));
    expect(render).toEqual([...new Set(showing.map((path) => decodeURIComponent(path)))].sort());
    expect(render).toContain('/product/p-100');
    expect(render).toContain('/category/frozen/page/2');
    expect(render).not.toContain('/product/p-001');
  });

  it('renders both listings of a product moved to another category, and deletes the pages of a product gone', () => {
    const moved = all.filter((p) => p._id !== 'p-001').map((p) => (p._id === 'p-003' ? { ...p, categoryId: 'frozen' } : p));
    const plan = planPages(routes, before, catalogueOf(moved, before));
    expect(plan.mode).toBe('changed');
    if (plan.mode !== 'changed') return;
    expect(plan.render).toContain('/category/bakery');
    expect(plan.render).toContain('/category/frozen');
    expect(plan.render).toContain('/product/p-003');
    // The counts on the home page changed; the error page shows the categories too.
    expect(plan.render).toContain('/');
    expect(plan.removed).toEqual(['/product/p-001']);
  });

  it('renders everything when the categories every page shows changed', () => {
    const after = catalogueOf(all, before);
    after.categories = after.categories.map((c) => (c._id === 'bakery' ? { ...c, name: 'Bread' } : c));
    expect(planPages(routes, before, after)).toEqual({ mode: 'full', reason: 'the categories changed (every page shows them)' });
    expect(planPages(routes, before, catalogueOf(all, before), true).mode).toBe('full');
  });
});
