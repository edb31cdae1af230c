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

/**
 * GETs `path` from a fresh app on `database`: the response and its JSON body, which must be a reply
 * the app's OpenAPI document declares (reply-check.ts).
 */
export function apiGet(database: () => DatabaseHandle) {
  let replies: ReplyCheck | undefined;
  return async (path: string) => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    replies ??= replyCheck((await (await app.request('/api/openapi.json')).json()) as ReplyCheck['document']);
    const res = await app.request(path);
    const body = (await res.json()) as Json;
    replies.check('GET', path, res.status, res.headers.get('content-type'), body);
    return { res, body };
  };
}
