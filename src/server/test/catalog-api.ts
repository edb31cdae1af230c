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

/** The API's reply envelope; replies are checked field by field in the tests. */
export type Json = { success: boolean; message?: string; data?: any; errors?: Record<string, string> };

/** GETs `path` from a fresh app on `database`: the response and its JSON body. */
export function apiGet(database: () => DatabaseHandle) {
  return async (path: string) => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const res = await app.request(path);
    return { res, body: (await res.json()) as Json };
  };
}
