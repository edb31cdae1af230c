/**
 * The settings the site build needs (astro.config.mjs, the build's catalogue read, the site
 * keeper), read from the environment once, with one default each. It holds no secret: the
 * database, mail and proxy settings are the server's alone (src/server/config.ts, which takes these
 * from here and adds its own, so each variable is still read in one place).
 *
 * | variable | default |
 * |---|---|
 * | `PORT`, `HOST` | 4321, 127.0.0.1: where the store and its API listen (the build reads the catalogue there) |
 * | `KIRYANA_DIST_DIR` | `dist` in the repository: the built site the store serves |
 * | `KIRYANA_OUT_DIR` | `KIRYANA_DIST_DIR`: where `astro build` writes (the site build points it at a fresh folder) |
 * | `KIRYANA_ARTWORK_DIR` | `.cache/artwork` in the repository: drawn artwork, linked into each build as /images |
 * | `PICTURES_DIR` | `pictures/` beside the database's folder (`KIRYANA_DATA_DIR`, default `data/pglite`): the pictures staff upload, served at /images/ and linked into each build |
 * | `SITE_URL` | http://localhost:{PORT} (4321): the origin of canonical URLs, the sitemap and links in e-mails |
 * | `CATALOG_API_URL` | unset: the build reads the store's own API |
 * | `ORDER_MAX_LINE_QUANTITY` | 20: most units of one product in an order or a cart line (src/lib/line-cap.ts) |
 * | `PUBLIC_API_BASE` | unset: the API is the site's own origin; else where the browser calls it (baked in at build, and allowed by the pages' CSP) |
 *
 * Browser code reads only `PUBLIC_API_BASE` (and the line cap), which Vite bakes in at build time (src/lib/api.ts).
 */
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_MAX_LINE_QUANTITY, setLineQuantityCap } from '#lib/line-cap.ts';

/** The repository's root folder. */
export const ROOT = resolve(import.meta.dirname, '../..');

export const DEFAULT_PORT = 4321;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DIST_DIR = join(ROOT, 'dist');
export const DEFAULT_SITE_URL = `http://localhost:${DEFAULT_PORT}`;
/** The drawn catalogue artwork; every build links it into its `images/` folder. */
export const ARTWORK_DIR = join(ROOT, '.cache/artwork');
/** The embedded database's folder (the server's setting, src/server/config.ts); the uploaded pictures live beside it. */
export const DEFAULT_DATA_DIR = join(ROOT, 'data/pglite');

export interface BuildConfig {
  port: number;
  host: string;
  distDir: string;
  /** The drawn artwork (see ARTWORK_DIR). */
  artworkDir: string;
  /** The pictures staff upload, by kind (`products/`, `categories/`): kept beside the data, never in a build. */
  picturesDir: string;
  /** Where `astro build` writes. */
  outDir: string;
  /** Without a trailing slash. */
  siteUrl: string;
  /** Without a trailing slash; undefined means the store's own API. */
  catalogApiUrl?: string;
  /** Most units of one product in an order or a cart line. */
  orderMaxLineQuantity: number;
  /** The API's base URL as the browser calls it; undefined: the site's own origin. */
  publicApiBase?: string;
}

export type Env = Record<string, string | undefined>;

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

export function readBuildConfig(env: Env = process.env): BuildConfig {
  const distDir = env.KIRYANA_DIST_DIR || DEFAULT_DIST_DIR;
  const port = Number(env.PORT || DEFAULT_PORT);
  // A store started on another PORT without SITE_URL mails links to where it actually answers.
  const siteUrl = trimSlashes(env.SITE_URL || (env.PORT ? `http://localhost:${port}` : DEFAULT_SITE_URL));
  const lineCap = env.ORDER_MAX_LINE_QUANTITY ? Number(env.ORDER_MAX_LINE_QUANTITY) : DEFAULT_MAX_LINE_QUANTITY;
  if (!Number.isInteger(lineCap) || lineCap < 1 || lineCap > 1000) throw new Error(`ORDER_MAX_LINE_QUANTITY must be a whole number from 1 to 1000 (it is '${env.ORDER_MAX_LINE_QUANTITY}').`);
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    distDir,
    artworkDir: env.KIRYANA_ARTWORK_DIR || ARTWORK_DIR,
    picturesDir: env.PICTURES_DIR || join(dirname(env.KIRYANA_DATA_DIR || DEFAULT_DATA_DIR), 'pictures'),
    outDir: env.KIRYANA_OUT_DIR || distDir,
    siteUrl,
    catalogApiUrl: env.CATALOG_API_URL ? trimSlashes(env.CATALOG_API_URL) : undefined,
    orderMaxLineQuantity: lineCap,
    publicApiBase: env.PUBLIC_API_BASE || undefined,
  };
}

/** The build settings of this process, read when this module is first imported. */
export const buildConfig: BuildConfig = readBuildConfig();
// The order and cart schemas in src/lib apply the cap; the browser has it from the build.
setLineQuantityCap(buildConfig.orderMaxLineQuantity);

/** A store running on this machine at the configured port, as `npm run build` and `astro dev` look for it. */
export function localStoreUrl(settings: Pick<BuildConfig, 'host' | 'port'> = buildConfig): string {
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${settings.port}`;
}
