/**
 * Which built pages a catalogue change touches, from what the routes declare: every route made
 * from the catalogue has its declaration beside it (src/features/catalog/page-inputs.ts says how),
 * found here by its name, so a new route or a new input on a page needs no list kept anywhere else.
 * A page is rebuilt when one of its inputs is another value than at the previous build.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inputsOf, pageKey, type CatalogueRoute, type Scope } from '#features/catalog/page-inputs.ts';
import type { Catalogue } from '#features/catalog/build-data.ts';
import { RELATED_PRODUCTS_COUNT, type Category } from '#lib/schemas/catalog.ts';

export const PAGES_DIR = fileURLToPath(new URL('../pages', import.meta.url));

/** A route's declaration: `_X.inputs.ts` beside the route `X.astro` (or `X.ts`). */
export const DECLARATION = /^_(.+)\.inputs\.ts$/;

export interface DeclaredRoute {
  /** The declaration's path in src/pages ('/' between folders). */
  file: string;
  route: CatalogueRoute;
}

/** Every declaration in `pagesDir`, in the order of their paths. */
export async function declaredRoutes(pagesDir = PAGES_DIR): Promise<DeclaredRoute[]> {
  const files = (await readdir(pagesDir, { recursive: true }))
    .map((file) => file.split('\\').join('/'))
    .filter((file) => DECLARATION.test(file.slice(file.lastIndexOf('/') + 1)))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const route = ((await import(pathToFileURL(join(pagesDir, file)).href)) as { default?: CatalogueRoute }).default;
      if (typeof route?.pages !== 'function') throw new Error(`src/pages/${file} declares no pages: its default export must be a catalogueRoute or a singlePage.`);
      return { file, route };
    }),
  );
}

/** Every page the routes make from the catalogue (or those of `scope`), by key, with its inputs. */
export function pageInputs(routes: readonly DeclaredRoute[], catalogue: Catalogue, scope?: Scope): Map<string, readonly unknown[]> {
  const inputs = new Map<string, readonly unknown[]>();
  for (const { route } of routes) {
    for (const page of route.pages(catalogue, scope)) inputs.set(pageKey(page.path), inputsOf(page.props));
  }
  return inputs;
}

/**
 * The pages a change can touch, when the categories are the same: the changed products' own
 * pages; every product page and listing of a category a changed product is in or left (their
 * "You might also like" and their listings are drawn from it); and every product page of a
 * category too small to fill "You might also like" alone (it is filled from the whole store).
 * Routes whose pages are not one a product or a category make all of theirs (Scope).
 */
export function changeScope(previous: Catalogue, next: Catalogue): Scope {
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

/** What every page shows of a category (the menu, the breadcrumbs); its product count shows on some pages only. */
const menuEntry = ({ productCount: _, ...shown }: Category) => shown;

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * The pages to render for `next` when the site was built from `previous`: those whose inputs
 * differ, and the pages `previous` had that `next` has not (to delete). `indexChanged`: whether
 * the suggestions' index came or went (every page's header says whether there is one).
 */
export function planPages(routes: readonly DeclaredRoute[], previous: Catalogue, next: Catalogue, indexChanged = false): PagesPlan {
  if (JSON.stringify(previous.categories.map(menuEntry)) !== JSON.stringify(next.categories.map(menuEntry))) {
    return { mode: 'full', reason: 'the categories changed (every page shows them)' };
  }
  if (indexChanged) return { mode: 'full', reason: 'the search index came or went (every page says whether there is one)' };
  const scope = changeScope(previous, next);
  const before = pageInputs(routes, previous, scope);
  const after = pageInputs(routes, next, scope);
  const render = new Set<string>();
  for (const [key, values] of after) {
    const old = before.get(key);
    if (!old || !sameValues(old, values)) render.add(key);
  }
  const removed = [...before.keys()].filter((key) => !after.has(key));
  return { mode: 'changed', render, removed };
}
