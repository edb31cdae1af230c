/**
 * The API as a Hono app: `createApp({ db })` serves every /api route. It holds no state of its own
 * (everything lives in the database), so any number of processes may serve it side by side.
 * Errors are always JSON `{success: false, message}` with the right status, never a stack trace.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { Database, DatabaseKind } from '#server/db/client.ts';
import { fail, HttpError } from './http.ts';
import { categoryRoutes } from '#server/routes/categories.ts';
import { healthRoutes } from '#server/routes/health.ts';
import { newsletterRoutes } from '#server/routes/newsletter.ts';
import { productRoutes } from '#server/routes/products.ts';

export interface AppOptions {
  db: Database;
  /** Reported by /api/health. */
  kind?: DatabaseKind;
  /** Called with unexpected errors (default: console.error). */
  logError?: (err: unknown) => void;
}

export const SECURITY_HEADERS = secureHeaders({
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  // The API may be called from the site's own origin or a PUBLIC_API_BASE on another one.
  crossOriginResourcePolicy: 'cross-origin',
});

export function createApp({ db, kind = 'pglite', logError = (err) => console.error(err) }: AppOptions) {
  const app = new Hono();
  app.use('*', SECURITY_HEADERS);
  // Bearer tokens, no cookies: any origin may read the public catalogue.
  // Catalogue pages of up to 500 products shrink about tenfold.
  app.use('/api/*', compress({ threshold: 1024 }));
  app.use('/api/*', cors({ origin: '*', allowHeaders: ['Content-Type', 'Authorization'], maxAge: 600 }));

  app.route('/api/products', productRoutes(db));
  app.route('/api', categoryRoutes(db));
  app.route('/api/health', healthRoutes(db, kind));
  app.route('/api/newsletter', newsletterRoutes(db));

  app.notFound((c) => fail(c, 404, `Not found: ${c.req.method} ${c.req.path}`));
  app.onError((err, c) => {
    if (err instanceof HttpError) return fail(c, err.status, err.message, err.errors);
    if (err instanceof HTTPException) return fail(c, err.status, err.message || 'Request failed');
    logError(err);
    return fail(c, 500, 'Server Error');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
