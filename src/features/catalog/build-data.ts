/**
 * The catalogue as the build sees it: read once per build through the products API
 * (CATALOG_API_URL, else the local store) and shared by every route's getStaticPaths.
 * Must throw, naming the URL, when the API cannot be read: a build without a catalogue
 * must fail rather than publish an empty shop.
 */
import { ApiClient } from '#lib/api.ts';
import { paths } from '#lib/paths.ts';
import { FALLBACK_CATEGORY_NAMES, type Category, type Product } from '#lib/schemas/catalog.ts';
import { config, localStoreUrl } from '#server/config.ts';
import { CatalogApi } from './api.ts';
import { relatedIndex } from './related.ts';

export interface Catalogue {
  apiUrl: string;
  categories: Category[];
  /** Newest first, as the API lists them, with reviews. */
  products: Product[];
  byCategory: Map<string, Product[]>;
  related: (product: Product) => Product[];
}

/**
 * One read a build process, whichever copy of this module asks first: the build starts it before
 * Vite bundles the pages (scripts/lib/site-build/early-catalogue.ts, about a second the API's
 * answer would otherwise be waited for), and the pages' bundle, a copy of its own, takes it over.
 */
const LOADING = Symbol.for('kiryana.build.catalogue');
const shared = globalThis as { [LOADING]?: Promise<Catalogue> };

export function loadCatalogue(): Promise<Catalogue> {
  shared[LOADING] ??= readCatalogue(config.catalogApiUrl ?? localStoreUrl());
  return shared[LOADING];
}

async function readCatalogue(apiUrl: string): Promise<Catalogue> {
  const api = new CatalogApi(new ApiClient(apiUrl));
  const [categories, products] = await Promise.all([api.listCategories(), api.allProducts('reviews')]);
  const fail = (error: { message: string }) => new Error(`Could not read the catalogue from ${apiUrl}: ${error.message}`);
  if (!categories.ok) throw fail(categories.error);
  if (!products.ok) throw fail(products.error);
  const byCategory = new Map<string, Product[]>(categories.data.map((c) => [c._id, []]));
  for (const product of products.data) byCategory.get(product.categoryId)?.push(product);
  return {
    apiUrl,
    categories: categories.data,
    products: products.data,
    byCategory,
    related: relatedIndex(products.data),
  };
}

/** The nav's category links: the API's, or the built-in names when none load. */
export function navLinks(categories: readonly Category[]): { name: string; href: string }[] {
  if (categories.length) return categories.map((c) => ({ name: c.name, href: paths.category(c._id) }));
  return FALLBACK_CATEGORY_NAMES.map((name) => ({ name, href: paths.category(name) }));
}

export async function navCategories(): Promise<{ name: string; href: string }[]> {
  return navLinks((await loadCatalogue()).categories);
}
