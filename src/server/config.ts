/**
 * The store's settings, read from the environment once, with one default each:
 *
 * | variable | default |
 * |---|---|
 * | `PORT`, `HOST` | 4321, 127.0.0.1: where the store and its API listen |
 * | `DATABASE_URL` | unset: the embedded PGlite database in `KIRYANA_DATA_DIR` |
 * | `KIRYANA_DATA_DIR` | `data/pglite` in the repository |
 * | `KIRYANA_DIST_DIR` | `dist` in the repository: the built site the store serves |
 * | `KIRYANA_ARTWORK_DIR` | `.cache/artwork` in the repository: drawn artwork, linked into each build as /images |
 * | `SITE_URL` | http://localhost:{PORT} (4321): the origin of canonical URLs, the sitemap and links in e-mails |
 * | `SMTP_URL` | unset: every mail is printed to the server log instead of sent (smtp://user:pass@host:port) |
 * | `MAIL_FROM` | `Kiryana <no-reply@kiryana.pk>`: the sender of the store's mails |
 * | `CATALOG_API_URL` | unset: the build reads the store's own API |
 * | `KIRYANA_OUT_DIR` | `KIRYANA_DIST_DIR`: where `astro build` writes (the site build points it at a fresh folder) |
 * | `TRUST_PROXY` | unset: a client is its socket's address; a hop count or a comma list of proxy addresses/CIDRs to read `X-Forwarded-For` behind them |
 * | `ORDER_MAX_LINE_QUANTITY` | 20: most units of one product in an order or a cart line (src/lib/line-cap.ts) |
 * | `PUBLIC_API_BASE` | unset: the API is the site's own origin; else where the browser calls it (baked in at build, and allowed by the pages' CSP) |
 * | `CORS_ORIGINS` | SITE_URL's origin: the origins (comma-separated) whose pages may call the API from a browser |
 * | `WORKERS` | 1: how many store processes `npm start` runs on the one port (node:cluster); more than one needs PostgreSQL |
 *
 * Browser code reads only `PUBLIC_API_BASE` (and the line cap), which Vite bakes in at build time (src/lib/api.ts).
 */
import { join, resolve } from 'node:path';
import { parseTrustProxy, type TrustProxy } from '#server/limits/client-address.ts';
import { DEFAULT_MAX_LINE_QUANTITY, setLineQuantityCap } from '#lib/line-cap.ts';

/** The most store processes one `npm start` runs (a machine with more cores runs more stores). */
export const MAX_WORKERS = 64;

/** The repository's root folder. */
export const ROOT = resolve(import.meta.dirname, '../..');

export const DEFAULT_PORT = 4321;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = join(ROOT, 'data/pglite');
export const DEFAULT_DIST_DIR = join(ROOT, 'dist');
export const DEFAULT_SITE_URL = `http://localhost:${DEFAULT_PORT}`;
export const DEFAULT_MAIL_FROM = 'Kiryana <no-reply@kiryana.pk>';
/** The drawn catalogue artwork; every build links it into its `images/` folder. */
export const ARTWORK_DIR = join(ROOT, '.cache/artwork');

export interface Config {
  port: number;
  host: string;
  /** postgres://...; undefined means the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  distDir: string;
  /** The drawn artwork (see ARTWORK_DIR). */
  artworkDir: string;
  /** Where `astro build` writes. */
  outDir: string;
  /** Without a trailing slash. */
  siteUrl: string;
  /** Without a trailing slash; undefined means the store's own API. */
  catalogApiUrl?: string;
  /** smtp://... or smtps://...; undefined means mails are printed to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Origins allowed to call the API from another origin's page (CORS); never a wildcard. */
  corsOrigins: string[];
  /** Which proxies' X-Forwarded-For is believed (client-address.ts); undefined: none. */
  trustProxy: TrustProxy;
  /** Most units of one product in an order or a cart line. */
  orderMaxLineQuantity: number;
  /** How many store processes `npm start` runs on the one port (1 to MAX_WORKERS). */
  workers: number;
  /** The API's base URL as the browser calls it; undefined: the site's own origin. */
  publicApiBase?: string;
}

export type Env = Record<string, string | undefined>;

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** An origin as a browser sends it in `Origin`: scheme, host and port, no path or slash. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export function readConfig(env: Env = process.env): Config {
  const distDir = env.KIRYANA_DIST_DIR || DEFAULT_DIST_DIR;
  const port = Number(env.PORT || DEFAULT_PORT);
  // A store started on another PORT without SITE_URL mails links to where it actually answers.
  const siteUrl = trimSlashes(env.SITE_URL || (env.PORT ? `http://localhost:${port}` : DEFAULT_SITE_URL));
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const lineCap = env.ORDER_MAX_LINE_QUANTITY ? Number(env.ORDER_MAX_LINE_QUANTITY) : DEFAULT_MAX_LINE_QUANTITY;
  if (!Number.isInteger(lineCap) || lineCap < 1 || lineCap > 1000) throw new Error(`ORDER_MAX_LINE_QUANTITY must be a whole number from 1 to 1000 (it is '${env.ORDER_MAX_LINE_QUANTITY}').`);
  const workers = env.WORKERS ? Number(env.WORKERS) : 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS} (it is '${env.WORKERS}').`);
  if (corsOrigins.includes('*')) throw new Error('CORS_ORIGINS lists origins (https://shop.example); a wildcard would let any site call the API as its shoppers.');
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.KIRYANA_DATA_DIR || DEFAULT_DATA_DIR,
    distDir,
    artworkDir: env.KIRYANA_ARTWORK_DIR || ARTWORK_DIR,
    outDir: env.KIRYANA_OUT_DIR || distDir,
    siteUrl,
    catalogApiUrl: env.CATALOG_API_URL ? trimSlashes(env.CATALOG_API_URL) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    corsOrigins: corsOrigins.length ? corsOrigins.map(originOf) : [originOf(siteUrl)],
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    orderMaxLineQuantity: lineCap,
    workers,
    publicApiBase: env.PUBLIC_API_BASE || undefined,
  };
}

/** The settings of this process, read when this module is first imported. */
export const config: Config = readConfig();
// The order and cart schemas in src/lib apply the cap; the browser has it from the build.
setLineQuantityCap(config.orderMaxLineQuantity);

/** A store running on this machine at the configured port, as `npm run build` and `astro dev` look for it. */
export function localStoreUrl(settings: Config = config): string {
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${settings.port}`;
}
