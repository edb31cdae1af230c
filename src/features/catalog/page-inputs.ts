/**
 * Which built pages a catalogue change touches. Every page made from the catalogue is listed with
 * its inputs, the values its route renders it from (the same functions the routes call); a page is
 * rebuilt when one of its inputs is another value than at the previous build. Products that did
 * not change are the same objects in both catalogues (build-data.ts, readChanges), so comparing by
 * identity is exact and costs nothing per unchanged product.
 *
 * What every page shows, the categories in the menu and whether the suggestions have an index,
 * is not an input of any one page: when either changes, everything is rebuilt. So are the files
 * made from the whole catalogue (the search index, the sitemaps), which are cheap.
 */
import { paths } from '#lib/paths.ts';
import { RELATED_PRODUCTS_COUNT, type Category } from '#lib/schemas/catalog.ts';
import type { Catalogue } from './build-data.ts';
import { pagesOfCategory } from './category-pages.ts';
import { errorPageProducts, homeRows } from './home-rows.ts';

/** A page's key: its path decoded, without the trailing slash (as Astro names what it renders). */
export function pageKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // kept as it is
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}

/** Files made from the whole catalogue, rebuilt on every change. */
export const WHOLE_CATALOGUE_FILES = /^\/(sitemap(-\d+)?\.xml|search-index[^/]*\.json)$/;

/** Which pages to list: products and categories by id (all when left out). */
interface Scope {
  products?: ReadonlySet<string>;
  categories?: ReadonlySet<string>;
}

/** Every page made from the catalogue (or those of `scope`), by key, with the values it is rendered from. */
export function pageInputs(catalogue: Catalogue, scope: Scope = {}): Map<string, readonly unknown[]> {
  const inputs = new Map<string, readonly unknown[]>();
  const { popular, featured, arrivals } = homeRows(catalogue.products);
  inputs.set(pageKey(paths.home()), [...catalogue.categories.map((c) => c.productCount), '|', ...popular, '|', ...featured, '|', ...arrivals]);
  inputs.set('/404', errorPageProducts(catalogue.products));
  for (const product of catalogue.products) {
    if (scope.products && !scope.products.has(product._id)) continue;
    inputs.set(pageKey(paths.product(product._id)), [product, ...catalogue.related(product)]);
  }
  for (const category of catalogue.categories) {
    if (scope.categories && !scope.categories.has(category._id)) continue;
    for (const page of pagesOfCategory(catalogue, category)) {
      const values = [page.category, page.page, page.pages, page.total, ...page.products];
      inputs.set(pageKey(paths.categoryPage(category._id, page.page)), values);
      if (page.page === 1) inputs.set(pageKey(paths.category(category.name)), values);
    }
  }
  return inputs;
}

/**
 * The pages a change can touch, when the categories are the same: the changed products' own
 * pages; every product page and listing of a category a changed product is in or left (their
 * "You might also like" and their listings are drawn from it); and every product page of a
 * category too small to fill "You might also like" alone (it is filled from the whole store).
 * No other page shows a changed product, nor anything a change can move.
 */
function changeScope(previous: Catalogue, next: Catalogue): Scope {
  const before = new Map(previous.products.map((p) => [p._id, p]));
  const changed = new Set<string>();
  const categories = new Set<string>();
  for (const product of next.products) {
    const old = before.get(product._id);
    before.delete(product._id);
    if (old === product) continue;
    changed.add(product._id);
    categories.add(product.categoryId);
    if (old) categories.add(old.categoryId);
  }
  for (const gone of before.values()) {
    changed.add(gone._id);
    categories.add(gone.categoryId);
  }
  for (const catalogue of [previous, next]) {
    for (const [id, list] of catalogue.byCategory) if (list.length <= RELATED_PRODUCTS_COUNT) categories.add(id);
  }
  const products = new Set(changed);
  for (const catalogue of [previous, next]) {
    for (const id of categories) for (const product of catalogue.byCategory.get(id) ?? []) products.add(product._id);
  }
  return { products, categories };
}

export type PagesPlan =
  | { mode: 'full'; reason: string }
  | { mode: 'changed'; render: Set<string>; removed: string[] };

/** What every page shows of a category (the menu, the breadcrumbs); its product count shows on the home page only. */
const menuEntry = ({ productCount: _, ...shown }: Category) => shown;

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * The pages to render for `next` when the site was built from `previous`: those whose inputs
 * differ, and the pages `previous` had that `next` has not (to delete). `indexChanged`: whether
 * the suggestions' index came or went (every page's header says whether there is one).
 */
export function planPages(previous: Catalogue, next: Catalogue, indexChanged = false): PagesPlan {
  if (JSON.stringify(previous.categories.map(menuEntry)) !== JSON.stringify(next.categories.map(menuEntry))) {
    return { mode: 'full', reason: 'the categories changed (every page shows them)' };
  }
  if (indexChanged) return { mode: 'full', reason: 'the search index came or went (every page says whether there is one)' };
  const scope = changeScope(previous, next);
  const before = pageInputs(previous, scope);
  const after = pageInputs(next, scope);
  const render = new Set<string>();
  for (const [key, values] of after) {
    const old = before.get(key);
    if (!old || !sameValues(old, values)) render.add(key);
  }
  const removed = [...before.keys()].filter((key) => !after.has(key));
  return { mode: 'changed', render, removed };
}
