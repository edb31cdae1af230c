/**
 * How a route made from the catalogue declares what its pages are made from. Beside each such
 * route, `X.astro`, sits its declaration, `_X.inputs.ts` (Astro leaves files starting with `_` out
 * of the routes), whose default export makes the route's pages from the catalogue: each page's
 * path, params and props. The route takes its getStaticPaths (or its one page's props) from it and
 * renders from those props alone, so a page's inputs are its props: the site keeper rebuilds a page
 * when one of them is another value than at the previous build (src/site-build/page-plan.ts).
 * src/site-build/page-plan.test.ts fails when a route reads the catalogue without a declaration, and
 * when a page changes although its declared inputs did not.
 *
 * What every page shows (the categories in the menu, whether the suggestions have an index) is an
 * input of no one page: when it changes, everything is rebuilt. So are the files made from the
 * whole catalogue (the search index, the sitemaps), which are cheap.
 */
import { isPageSegment } from '#lib/paths.ts';
import type { Catalogue } from './build-data.ts';

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

/**
 * The products and categories whose pages a change can touch (page-plan.ts). A route whose pages
 * are one a product may make only those of `products`, one a category only those of `categories`;
 * any other route makes all of its pages whatever the scope.
 */
export interface Scope {
  products?: ReadonlySet<string>;
  categories?: ReadonlySet<string>;
}

export type PageProps = Record<string, unknown>;

/** One page of a route: where it is, the route's params for it, and everything it is rendered from. */
export interface CataloguePage<Props extends PageProps = PageProps> {
  path: string;
  params: Record<string, string>;
  props: Props;
}

export interface CatalogueRoute<Props extends PageProps = PageProps> {
  /** The route's pages for `catalogue` (within `scope` when given, see Scope). */
  pages(catalogue: Catalogue, scope?: Scope): CataloguePage<Props>[];
  /** What the route's getStaticPaths returns: its pages' params and props. */
  staticPaths(catalogue: Catalogue): { params: Record<string, string>; props: Props }[];
  /** The props of a route of one page (a route without params). */
  props(catalogue: Catalogue): Props;
}

/**
 * A route of pages with params (`[id]`), as `made` makes them. A page whose params could not be a
 * segment of an address (a name with a slash stored before the rule refused it: isPageSegment) is
 * left out rather than stopping the whole build; its category or product keeps its other pages.
 */
export function catalogueRoute<Props extends PageProps>(made: CatalogueRoute<Props>['pages']): CatalogueRoute<Props> {
  const pages: CatalogueRoute<Props>['pages'] = (catalogue, scope) => made(catalogue, scope).filter((page) => Object.values(page.params).every(isPageSegment));
  return {
    pages,
    staticPaths: (catalogue) => pages(catalogue).map(({ params, props }) => ({ params, props })),
    props: () => {
      throw new Error('A route with params has no one page: its getStaticPaths takes staticPaths.');
    },
  };
}

/** A route of one page, at `path`, rendered from `props`. */
export function singlePage<Props extends PageProps>(path: string, props: (catalogue: Catalogue) => Props): CatalogueRoute<Props> {
  return {
    pages: (catalogue) => [{ path, params: {}, props: props(catalogue) }],
    staticPaths: () => {
      throw new Error(`The page at ${path} has no params: it takes props.`);
    },
    props,
  };
}

/**
 * A page's inputs, the values its props hold: each prop's name, then its value, or each of its
 * items when it is a list. Products and categories that did not change are the same objects in both
 * catalogues of a rebuild (build-data.ts, readChanges), so comparing them by identity is exact.
 */
export function inputsOf(props: PageProps): unknown[] {
  return Object.entries(props).flatMap(([name, value]) => [name, ...(Array.isArray(value) ? value : [value])]);
}
