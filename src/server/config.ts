/**
 * The server's settings: those of the site build (src/site-build/config.ts: port, host, folders,
 * SITE_URL, the catalogue's API, the line cap, PUBLIC_API_BASE) and the server's own, read from
 * the environment once, with one default each:
 *
 * | variable | default |
 * |---|---|
 * | `DATABASE_URL` | unset: the embedded PGlite database in `KIRYANA_DATA_DIR` |
 * | `KIRYANA_DATA_DIR` | `data/pglite` in the repository |
 * | `SMTP_URL` | unset: every mail is printed to the server log instead of sent (smtp://user:pass@host:port) |
 * | `MAIL_FROM` | `Kiryana <no-reply@kiryana.pk>`: the sender of the store's mails |
 * | `TRUST_PROXY` | unset: a client is its socket's address; a hop count or a comma list of proxy addresses/CIDRs to read `X-Forwarded-For` behind them |
 * | `CORS_ORIGINS` | SITE_URL's origin: the origins (comma-separated) whose pages may call the API from a browser |
 * | `WORKERS` | 1: how many store processes `npm start` runs on the one port (node:cluster); more than one needs PostgreSQL |
 *
 * Only the server's side imports this module: the build and the browser never see these settings.
 */
import { parseTrustProxy, type TrustProxy } from '#server/limits/client-address.ts';
import { buildConfig, DEFAULT_DATA_DIR, readBuildConfig, type BuildConfig, type Env } from '#site-build/config.ts';

export { ARTWORK_DIR, DEFAULT_DATA_DIR, DEFAULT_DIST_DIR, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SITE_URL, localStoreUrl, ROOT, type Env } from '#site-build/config.ts';

/** The most store processes one `npm start` runs (a machine with more cores runs more stores). */
export const MAX_WORKERS = 64;

export const DEFAULT_MAIL_FROM = 'Kiryana <no-reply@kiryana.pk>';

export interface Config extends BuildConfig {
  /** postgres://...; undefined means the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** smtp://... or smtps://...; undefined means mails are printed to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Origins allowed to call the API from another origin's page (CORS); never a wildcard. */
  corsOrigins: string[];
  /** Which proxies' X-Forwarded-For is believed (client-address.ts); undefined: none. */
  trustProxy: TrustProxy;
  /** How many store processes `npm start` runs on the one port (1 to MAX_WORKERS). */
  workers: number;
}

/** An origin as a browser sends it in `Origin`: scheme, host and port, no path or slash. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export function readConfig(env: Env = process.env, build: BuildConfig = readBuildConfig(env)): Config {
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const workers = env.WORKERS ? Number(env.WORKERS) : 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS} (it is '${env.WORKERS}').`);
  if (corsOrigins.includes('*')) throw new Error('CORS_ORIGINS lists origins (https://shop.example); a wildcard would let any site call the API as its shoppers.');
  return {
    ...build,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.KIRYANA_DATA_DIR || DEFAULT_DATA_DIR,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    corsOrigins: corsOrigins.length ? corsOrigins.map(originOf) : [originOf(build.siteUrl)],
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    workers,
  };
}

/** The settings of this process, read when this module is first imported (the build's part once, in src/site-build/config.ts). */
export const config: Config = readConfig(process.env, buildConfig);

/**
 * How long a client may take over one request, and how many connections one client may hold open
 * to one store process (main.ts, limits/connections.ts):
 *
 * | variable | default |
 * |---|---|
 * | `REQUEST_TIMEOUT_SECONDS` | 30: a request (its headers and its whole body) not received by then is answered 408 and its connection closed |
 * | `CONNECTIONS_PER_CLIENT` | 64: open connections one client address (an IPv6 /64) may hold to one store process; more are closed at once; 0 for no cap |
 *
 * Behind a proxy (TRUST_PROXY) every connection comes from the proxy: the cap is then the proxy's,
 * and must be raised to what the proxy opens, or set to 0 when the proxy caps its clients itself.
 */
export interface ConnectionLimits {
  requestTimeoutMs: number;
  connectionsPerClient: number;
}

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;
export const DEFAULT_CONNECTIONS_PER_CLIENT = 64;

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (it is '${env[name]}').`);
  return value;
}

export function readConnectionLimits(env: Env = process.env): ConnectionLimits {
  return {
    requestTimeoutMs: wholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', DEFAULT_REQUEST_TIMEOUT_SECONDS, 1, 3600) * 1000,
    connectionsPerClient: wholeNumber(env, 'CONNECTIONS_PER_CLIENT', DEFAULT_CONNECTIONS_PER_CLIENT, 0, 1_000_000),
  };
}

/** This process's connection limits, read once. */
export const connectionLimits: ConnectionLimits = readConnectionLimits();
