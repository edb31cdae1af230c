/**
 * The catalogue API as its read-only suites meet it: a GET to the app on a test database, with no
 * mail, clock or signed-in shopper (those are the accounts helper's, src/server/test/accounts.ts).
 *
 *   describe.each(testDatabases)('products API on $name', (target) => {
 *     const get = apiGet(useDatabase(target, fixtureCatalogue));
 *     it('...', async () => { const { res, body } = await get('/api/products'); ... });
 *   });
 */
import { createApp } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { replyCheck, type ReplyCheck } from './reply-check.ts';

/** The API's reply envelope; replies are checked field by field in the tests. */
export type Json = { success: boolean; message?: string; data?: any; errors?: Record<string, string> };

const apps = new WeakMap<DatabaseHandle, ReturnType<typeof createApp>>();

/**
 * The app on `database`, made once for it: making one describes every route for the OpenAPI
 * document (tens of milliseconds), which a suite of hundreds of requests would otherwise pay each.
 * Nothing a request leaves behind lives in the app: caches and limit counts are the database's.
 */
export function appOn(database: DatabaseHandle): ReturnType<typeof createApp> {
  let app = apps.get(database);
  if (!app) apps.set(database, (app = createApp({ db: database.db, kind: database.kind, logError: () => {} })));
  return app;
}

/**
 * GETs `path` from the app on `database`: the response and its JSON body, which must be a reply
 * the app's OpenAPI document declares (reply-check.ts).
 */
export function apiGet(database: () => DatabaseHandle) {
  let replies: ReplyCheck | undefined;
  return async (path: string) => {
    const app = appOn(database());
    replies ??= replyCheck((await (await app.request('/api/openapi.json')).json()) as ReplyCheck['document']);
    const res = await app.request(path);
    const body = (await res.json()) as Json;
    replies.check('GET', path, res.status, res.headers.get('content-type'), body);
    return { res, body };
  };
}
