/**
 * The API as a Hono app: `createApp({ db })` serves every /api route. It holds no state of its own
 * (everything lives in the database), so any number of processes may serve it side by side.
 * Errors are always JSON `{success: false, message}` with the right status, never a stack trace.
 *
 * The accounts and orders run on `clock` and send mail through `mailer` (defaults: the system clock, and
 * SMTP_URL or the log, from config.ts); tests pass their own. `app.settled()` resolves once the
 * work done after replies (mails above all) is finished.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { BlankEnv } from 'hono/types';
import { randomBytes } from 'node:crypto';
import { HTTPException } from 'hono/http-exception';
import type { Database, DatabaseKind } from '#server/db/client.ts';
import { HttpError } from './http/errors.ts';
import { fail } from './http/replies.ts';
import { apiMiddleware } from './http/api-middleware.ts';
import { categoryRoutes } from '#server/routes/categories.ts';
import { healthRoutes } from '#server/routes/health.ts';
import { newsletterRoutes } from '#server/routes/newsletter.ts';
import { productRoutes } from '#server/routes/products.ts';
import { searchRoutes } from '#server/routes/search.ts';
import { authRoutes } from '#server/routes/auth.ts';
import { userRoutes } from '#server/routes/users.ts';
import { addressRoutes } from '#server/routes/addresses.ts';
import { reviewRoutes } from '#server/routes/reviews.ts';
import { cartRoutes } from '#server/routes/cart.ts';
import { wishlistRoutes } from '#server/routes/wishlist.ts';
import { createAccounts } from '#server/auth/accounts.ts';
import { orderRoutes } from '#server/routes/orders.ts';
import { createOrders } from '#server/orders/service.ts';
import { databaseOperations } from '#server/orders/operations.ts';
import { operatorRoutes } from '#server/routes/operator.ts';
import type { Backup } from '#server/backup/backup.ts';
import { operatorCatalogRoutes } from '#server/routes/operator-catalog.ts';
import { referenceRoutes } from '#server/routes/reference.ts';
import { staffRoutes } from '#server/routes/staff.ts';
import { createStaff } from '#server/staff/service.ts';
import { pictureStore } from '#server/pictures/store.ts';
import { createDesk } from '#server/desk/service.ts';
import { staffOperations } from '#server/staff/operations.ts';
import { waitForFloor } from '#server/auth/accounts.ts';
import { systemClock, type Clock } from '#server/clock.ts';
import { config, originOf } from '#server/config.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import type { TrustProxy } from '#server/limits/client-address.ts';
import { createLimits } from '#server/limits/limits.ts';
import { catalogueCacheFor } from '#server/catalog/cache.ts';
import { answerEarly } from '#server/catalog/reply-lane.ts';
import { logUnexpected } from '#server/monitoring/log.ts';
import { observed } from '#server/monitoring/requests.ts';
import { metricsRoutes } from '#server/routes/metrics.ts';

export interface AppOptions {
  db: Database;
  /** Where the per-client limits count (default `db`; DatabaseHandle.counters says why it may differ). */
  counters?: Database;
  /** Reported by /api/health. */
  kind?: DatabaseKind;
  /** Called with unexpected errors (default: the log, with the request's id). */
  logError?: (err: unknown) => void;
  /** What the accounts take as now (default: the system clock). */
  clock?: Clock;
  /** How mails go out (default: one mailer a process, to SMTP_URL or the log). */
  mailer?: Mailer;
  /** Origin of links in mails (default: SITE_URL). */
  siteUrl?: string;
  /** Origins whose pages may call the API from another origin (default: CORS_ORIGINS). */
  corsOrigins?: string[];
  /** How a refused password check is held to its floor (default: a timer; see accounts.ts). */
  paceRefusal?: (startedAt: number) => Promise<void>;
  /** Which proxies' X-Forwarded-For names the client (default: TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** Which of `npm start`'s processes this is (0 unless WORKERS is set), reported by /api/health. */
  worker?: number;
  /** Serve /api/operator (the operator channel) to loopback requests carrying this key; unset: not served. */
  operatorKey?: string;
  /** The folder of the site being served, asked when a staff page wants to know if a change is live (unset: none). */
  siteDir?: () => string | undefined;
  /** Where uploaded pictures are kept (default PICTURES_DIR, config.ts). */
  picturesDir?: string;
  /** Backs the database up now (the operator channel's POST /backup); unset: refused. */
  backup?: () => Promise<Backup>;
  /** The key a metrics scraper may send from another machine (default METRICS_KEY; unset: loopback only). */
  metricsKey?: string;
}

let processMailer: Mailer | undefined;
/** The mailer config.ts describes, made once a process. */
export function defaultMailer(): Mailer {
  processMailer ??= createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return processMailer;
}

/** What every API reply carries (http/replies.ts puts them on). */
export { API_HEADERS } from './http/replies.ts';

export function createApp({
  db,
  counters = db,
  kind = 'pglite',
  logError = (err) => logUnexpected(err),
  clock = systemClock,
  mailer = defaultMailer(),
  siteUrl = config.siteUrl,
  corsOrigins = config.corsOrigins,
  trustProxy = config.trustProxy,
  paceRefusal,
  operatorKey,
  worker = 0,
  siteDir,
  picturesDir = config.picturesDir,
  backup,
  metricsKey = config.metricsKey,
}: AppOptions) {
  const app = new OpenAPIHono<BlankEnv>();
  const origin = siteUrl.replace(/\/+$/, '');
  const limits = createLimits(counters);
  const catalogue = catalogueCacheFor(db);
  const accounts = createAccounts({ db, clock, mailer, siteUrl: origin, logError, limits, paceRefusal });
  const orders = createOrders({ db, clock, mailer, siteUrl: origin, logError, limits });
  const staff = createStaff({ db, clock, mailer, siteUrl: origin, limits, paceRefusal: paceRefusal ?? waitForFloor });
  const desk = createDesk({ db, clock, mailer, siteUrl: origin, logError });
  app.use('*', apiMiddleware({ corsOrigins, trustProxy }));

  app.route('/api/products', productRoutes(db, catalogue));
  app.route('/api', categoryRoutes(db, catalogue));
  app.route('/api/search', searchRoutes(db, catalogue, limits));
  app.route('/api/health', healthRoutes(db, kind, catalogue, worker));
  app.route('/api/newsletter', newsletterRoutes(db));
  app.route('/api/users', userRoutes(accounts));
  app.route('/api/users', reviewRoutes(db, accounts, clock, limits));
  app.route('/api/users/addresses', addressRoutes(db, accounts, clock));
  app.route('/api/wishlist', wishlistRoutes(db, accounts, clock));
  app.route('/api/cart', cartRoutes(db, accounts, clock));
  app.route('/api/auth', authRoutes(accounts));
  app.route('/api/order', orderRoutes(orders, accounts));
  app.route('/api/staff', staffRoutes(staff, db, clock, originOf(origin), desk, { catalogue, siteDir }, pictureStore(picturesDir)));
  // Before the operator channel: the figures have their own access (loopback, or METRICS_KEY).
  app.route('/api/operator', metricsRoutes({ key: metricsKey }));
  // The operator channel is served only with a key, and described always (a throwaway key: never mounted).
  const operator = operatorRoutes(databaseOperations(db, desk), operatorKey ?? randomBytes(32).toString('hex'), operatorCatalogRoutes(db, kind, catalogue), staffOperations(staff), backup);
  if (operatorKey) app.route('/api/operator', operator);
  else describeOnly(app, '/api/operator', operator);
  referenceRoutes(app, { version: API_VERSION });

  app.notFound((c) => fail(c, 404, `Not found: ${c.req.method} ${c.req.path}`));
  app.onError((err, c) => {
    if (err instanceof HttpError) return fail(c, err.status, err.message, err.errors, err.extras);
    if (err instanceof HTTPException) return fail(c, err.status, err.message || 'Request failed');
    logError(err);
    return fail(c, 500, 'Server Error');
  });
  // Catalogue reads the cache has learned are answered before routing (catalog/reply-lane.ts).
  const dispatch = app.fetch;
  return Object.assign(app, {
    fetch: ((request, env, executionCtx) => observed(request, env, undefined, () => answerEarly(catalogue, request, env) ?? dispatch(request, env, executionCtx))) as typeof dispatch,
    settled: async () => {
      await accounts.settled();
      await orders.settled();
      await staff.settled();
      await desk.settled();
    },
    /** The catalogue cache of this app's database (catalog/cache.ts). */
    catalogue,
  });
}

export type App = ReturnType<typeof createApp>;

/** The version the OpenAPI document carries. */
const API_VERSION = '1.0.0';

/** Writes `sub`'s operations into `app`'s document under `prefix` without serving them. */
function describeOnly(app: OpenAPIHono, prefix: string, sub: OpenAPIHono) {
  for (const definition of sub.openAPIRegistry.definitions) {
    if (definition.type === 'route') app.openAPIRegistry.registerPath({ ...definition.route, path: `${prefix}${definition.route.path}` });
  }
}
