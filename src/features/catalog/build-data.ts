/**
 * The catalogue as the build sees it: read once per build through the products API
 * (CATALOG_API_URL, else the local store) and shared by every route's getStaticPaths.
 * Must throw, naming the URL, when the API cannot be read: a build without a catalogue
 * must fail rather than publish an empty shop.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '#lib/api.ts';
import { paths } from '#lib/paths.ts';
import { byCodeUnits } from '#lib/product-id.ts';
import { relatedIndex } from '#lib/related.ts';
import { FALLBACK_CATEGORY_NAMES, type Category, type Product } from '#lib/schemas/catalog.ts';
import { buildConfig as config, localStoreUrl } from '#site-build/config.ts';
import { CatalogApi } from './api.ts';

export interface Catalogue {
  apiUrl: string;
  categories: Category[];
  /** Newest first, as the API lists them, with reviews. */
  products: Product[];
  byCategory: Map<string, Product[]>;
  related: (product: Product) => Product[];
  /**
   * On a rebuild of the pages a change touched (KIRYANA_INCREMENTAL, see readChanges): the
   * catalogue the site being updated was built from. Products that did not change are the very
   * same objects in both, which is how the pages that show only them are known to be unchanged.
   */
  previous?: Catalogue;
}

/**
 * Where a site keeps the catalogue it was made from (never served): the catalogue of its last full
 * build, and what the rebuilds of changed pages since then changed of it (small: rewriting 70 MB
 * of catalogue at 100,000 products after each change took most of a second).
 */
export const SNAPSHOT_FILE = '.kiryana/catalogue.json';
export const CHANGES_FILE = '.kiryana/changes.json';

/** The catalogue of a full build, as kept in SNAPSHOT_FILE. */
export interface CatalogueSnapshot {
  categories: Category[];
  products: Product[];
}

/** What the rebuilds of changed pages since the last full build changed, as kept in CHANGES_FILE: the categories as they are, every product changed (as it is now), and those removed. */
export interface CatalogueChanges {
  categories: Category[];
  products: Product[];
  removed: string[];
}

/**
 * What a rebuild of the changed pages is told (a JSON file named by KIRYANA_INCREMENTAL): the
 * built site it updates, and the products changed or removed since that site's build.
 */
export interface ChangePlan {
  previousDir: string;
  changed: string[];
  removed: string[];
}

/**
 * One read a build process, whichever copy of this module asks first: the build starts it before
 * Vite bundles the pages (src/site-build/early-catalogue.ts, about a second the API's
 * answer would otherwise be waited for), and the pages' bundle, a copy of its own, takes it over.
 */
const LOADING = Symbol.for('kiryana.build.catalogue');
const shared = globalThis as { [LOADING]?: Promise<Catalogue> };

export function loadCatalogue(): Promise<Catalogue> {
  const apiUrl = config.catalogApiUrl ?? localStoreUrl();
  const plan = process.env.KIRYANA_INCREMENTAL;
  shared[LOADING] ??= plan ? readChanges(apiUrl, plan) : readCatalogue(apiUrl);
  return shared[LOADING];
}

/** The catalogue from its parts: products newest first, as the API lists them (createdAt, then id, both descending). */
function catalogueOf(apiUrl: string, categories: Category[], products: Product[]): Catalogue {
  const byCategory = new Map<string, Product[]>(categories.map((c) => [c._id, []]));
  for (const product of products) byCategory.get(product.categoryId)?.push(product);
  return { apiUrl, categories, products, byCategory, related: relatedIndex(products) };
}

const newestFirst = (a: Product, b: Product) => byCodeUnits(b.createdAt, a.createdAt) || byCodeUnits(b._id, a._id);

/**
 * `products` (newest first) with `changed` put in: each in the place of its namesake, new ones
 * (or ones given another date) by the API's order; the `removed` left out. The rest keep their
 * order, which is the database's to the microsecond.
 */
function withChanges(products: readonly Product[], changed: readonly Product[], removed: ReadonlySet<string>): Product[] {
  const byId = new Map(changed.map((p) => [p._id, p]));
  const placed = new Set<string>();
  let reorder = false;
  const result = products.flatMap((p) => {
    if (removed.has(p._id)) return [];
    const now = byId.get(p._id);
    if (!now) return [p];
    placed.add(p._id);
    if (now.createdAt !== p.createdAt) reorder = true;
    return [now];
  });
  for (const product of changed) {
    if (!placed.has(product._id) && !removed.has(product._id)) {
      result.push(product);
      reorder = true;
    }
  }
  return reorder ? result.sort(newestFirst) : result;
}

/** What a rebuild of changed pages read, for the next one (CHANGES_FILE). */
const CHANGES = Symbol.for('kiryana.build.catalogue-changes');
const kept = globalThis as { [CHANGES]?: CatalogueChanges };
export const catalogueChanges = (): CatalogueChanges | undefined => kept[CHANGES];

/**
 * The catalogue for a rebuild of the changed pages: the previous site's (its snapshot and the
 * changes since), with the changed products read again from the API one by one and the removed
 * ones left out. At 100,000 products this reads a few products instead of all of them. The
 * categories are read whole (a few dozen); when they differ from the previous ones, every page's
 * menu differs and the plan (src/site-build/page-plan.ts) rebuilds everything.
 */
async function readChanges(apiUrl: string, planFile: string): Promise<Catalogue> {
  const plan = JSON.parse(await readFile(planFile, 'utf8')) as ChangePlan;
  const api = new CatalogApi(new ApiClient(apiUrl));
  const fail = (error: { message: string }) => new Error(`Could not read the catalogue from ${apiUrl}: ${error.message}`);
  const [snapshot, prior, categories] = await Promise.all([
    readFile(join(plan.previousDir, SNAPSHOT_FILE), 'utf8').then((text) => JSON.parse(text) as CatalogueSnapshot),
    readFile(join(plan.previousDir, CHANGES_FILE), 'utf8').then((text) => JSON.parse(text) as CatalogueChanges, () => undefined),
    api.listCategories(),
  ]);
  if (!categories.ok) throw fail(categories.error);
  const fresh = new Map<string, Product | undefined>();
  const ids = [...new Set(plan.changed)];
  const READS_AT_ONCE = 8;
  for (let i = 0; i < ids.length; i += READS_AT_ONCE) {
    await Promise.all(
      ids.slice(i, i + READS_AT_ONCE).map(async (id) => {
        const read = await api.getProduct(id);
        if (read.ok) {
          const { relatedProducts: _, ...product } = read.data;
          fresh.set(id, product);
        } else if (read.error.status === 404) fresh.set(id, undefined); // removed since the change was seen
        else throw fail(read.error);
      }),
    );
  }
  const previousCategories = prior?.categories ?? snapshot.categories;
  const previousProducts = withChanges(snapshot.products, prior?.products ?? [], new Set(prior?.removed ?? []));
  const previous = catalogueOf(apiUrl, previousCategories, previousProducts);
  const changed = [...fresh.values()].filter((p): p is Product => p !== undefined);
  const removed = new Set([...plan.removed, ...[...fresh].filter(([, p]) => !p).map(([id]) => id)]);
  // A category that did not change stays the same object, so the pages that show it are known unchanged.
  const same = new Map(previousCategories.map((c) => [JSON.stringify(c), c]));
  const nextCategories = categories.data.map((c) => same.get(JSON.stringify(c)) ?? c);
  const next = catalogueOf(apiUrl, nextCategories, withChanges(previousProducts, changed, removed));
  const stillChanged = (prior?.products ?? []).filter((p) => !fresh.has(p._id) && !removed.has(p._id));
  kept[CHANGES] = {
    categories: nextCategories,
    products: [...stillChanged, ...changed],
    removed: [...new Set([...(prior?.removed ?? []).filter((id) => !fresh.get(id)), ...removed])],
  };
  return { ...next, previous };
}

async function readCatalogue(apiUrl: string): Promise<Catalogue> {
  const api = new CatalogApi(new ApiClient(apiUrl));
  const [categories, products] = await Promise.all([api.listCategories(), api.allProducts('reviews')]);
  const fail = (error: { message: string }) => new Error(`Could not read the catalogue from ${apiUrl}: ${error.message}`);
  if (!categories.ok) throw fail(categories.error);
  if (!products.ok) throw fail(products.error);
  return catalogueOf(apiUrl, categories.data, products.data);
}

/** The nav's category links: the API's, or the built-in names when none load. */
export function navLinks(categories: readonly Category[]): { name: string; href: string }[] {
  if (categories.length) return categories.map((c) => ({ name: c.name, href: paths.category(c._id) }));
  return FALLBACK_CATEGORY_NAMES.map((name) => ({ name, href: paths.category(name) }));
}

export async function navCategories(): Promise<{ name: string; href: string }[]> {
  return navLinks((await loadCatalogue()).categories);
}
