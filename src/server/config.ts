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
 * | `BACKUP_DIR` | `backups` beside the data folder (`data/backups`): where backups are written |
 * | `BACKUP_EVERY` | 24: hours between the backups `npm start` takes by itself; 0: none |
 * | `BACKUP_KEEP` | 14: backups kept; older ones are removed after each new one |
 * | `LOG_FORMAT` | unset: the usual lines; `json`: one JSON object a line, one a request (monitoring/log.ts) |
 * | `METRICS_KEY` | unset: /api/operator/metrics answers loopback only; set (16+ characters): also `Authorization: Bearer <key>` from anywhere |
 *
 * Only the server's side imports this module: the build and the browser never see these settings.
 */
import { parseTrustProxy, type TrustProxy } from '#server/limits/client-address.ts';
import { dirname, join, resolve } from 'node:path';
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
  /** Where backups are written (src/server/backup/). */
  backupDir: string;
  /** Hours between `npm start`'s own backups; 0: none. */
  backupEveryHours: number;
  /** How many backups are kept. */
  backupKeep: number;
  /** How the log reads (monitoring/log.ts). */
  logFormat: LogFormat;
  /** The key a metrics scraper sends from another machine; undefined: loopback only. */
  metricsKey?: string;
}

/** A setting that is a number within bounds, or its default when unset; anything else refuses to start, in words. */
function numberSetting(env: Env, name: string, fallback: number, min: number, max: number, whole: boolean): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    throw new Error(`${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max} (it is '${raw}').`);
  }
  return value;
}

export type LogFormat = 'human' | 'json';

/** LOG_FORMAT as written: unset or `human`, or `json`; anything else is a start-up error. */
export function parseLogFormat(value: string | undefined): LogFormat {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'human') return 'human';
  if (text === 'json') return 'json';
  throw new Error(`LOG_FORMAT is 'json' for one JSON object a line, or unset for the usual lines (it is '${value}').`);
}

/** The shortest METRICS_KEY taken: a short key is guessed. */
export const METRICS_KEY_MIN = 16;

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
  const metricsKey = env.METRICS_KEY?.trim() || undefined;
  if (metricsKey && (metricsKey.length < METRICS_KEY_MIN || !/^[\x21-\x7e]+$/.test(metricsKey))) {
    throw new Error(`METRICS_KEY must be at least ${METRICS_KEY_MIN} visible characters without spaces (e.g. openssl rand -hex 32).`);
  }
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
    backupDir: env.BACKUP_DIR || join(dirname(resolve(env.KIRYANA_DATA_DIR || DEFAULT_DATA_DIR)), 'backups'),
    backupEveryHours: numberSetting(env, 'BACKUP_EVERY', 24, 0, 24 * 365, false),
    backupKeep: numberSetting(env, 'BACKUP_KEEP', 14, 1, 10_000, true),
    logFormat: parseLogFormat(env.LOG_FORMAT),
    metricsKey,
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
