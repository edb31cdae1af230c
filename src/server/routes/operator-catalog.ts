/**
 * /api/operator/catalog: `npm run catalog` through the running store, while it holds the embedded
 * database. Behind the operator routes' key check (routes/operator.ts): nothing is read from a
 * request without the key. The store runs what the command runs on a database it opens itself
 * (catalog/file-format.ts, validate-catalog.ts, import-catalog.ts, export-catalog.ts), so the
 * replies carry the same messages.
 *
 *   POST /catalog/validate?format=json|csv   the file's text → {success, products, categories}
 *   POST /catalog/import?format=json|csv     the file's text → {success, created, updated,
 *                                            categories, kind}
 *   GET  /catalog/export?format=json|csv     the file's text
 *
 * A file that cannot be read as its format is a 400 with the parser's message; rows with problems
 * are a 422 `{success: false, message, problems: [{row, id?, field, message, line?, text}]}` and
 * change nothing; a file over MAX_CATALOG_FILE_BYTES is a 413 as soon as it passes the limit.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { exportCatalog } from '#server/catalog/export-catalog.ts';
import { MAX_CATALOG_FILE_BYTES, parseCatalog, type CatalogFile } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { checkCatalog, problemsMessage, type RowError } from '#server/catalog/validate-catalog.ts';
import type { Database, DatabaseKind } from '#server/db/client.ts';
import { readBodyText } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery } from '#server/http/params.ts';

const FormatQuery = z.strictObject({ format: z.enum(['json', 'csv']) });

export const TOO_LARGE_MESSAGE =
  `The running store takes catalogue files of at most ${MAX_CATALOG_FILE_BYTES / 1024 / 1024} MB; ` +
  'import a larger one while the store is stopped, or split it.';

const problems = (errors: RowError[]) => new HttpError(422, problemsMessage(errors.length), undefined, { fields: { problems: errors } });

/** The request's file, parsed as its `format`: a 413 past the limit, a 400 with the parser's words. */
async function fileOf(c: Context): Promise<CatalogFile> {
  const { format } = parseQuery(c, FormatQuery);
  let text: string;
  try {
    text = await readBodyText(c, MAX_CATALOG_FILE_BYTES);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, TOO_LARGE_MESSAGE, err.errors, err.extras);
    throw err;
  }
  try {
    return parseCatalog(text, format);
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
}

export function operatorCatalogRoutes(db: Database, kind: DatabaseKind, cache: CatalogueCache) {
  const app = new Hono();

  app.post('/validate', async (c) => {
    const result = await checkCatalog(db, await fileOf(c));
    if (!result.ok) throw problems(result.errors);
    return c.json({ success: true, products: result.products.length, categories: result.categories.length });
  });

  app.post('/import', async (c) => {
    const file = await fileOf(c);
    let result;
    try {
      result = await importCatalog(db, file);
    } catch (err) {
      // One transaction: whatever the database refused, nothing was changed.
      throw new HttpError(500, (err as Error).message);
    }
    if (!result.ok) throw problems(result.errors);
    // The next catalogue read here shows the import; other processes hear of it from the database.
    cache.catalogueChanged();
    return c.json({ success: true, created: result.created, updated: result.updated, categories: result.categories, kind });
  });

  app.get('/export', async (c) => {
    const { format } = parseQuery(c, FormatQuery);
    const text = await exportCatalog(db, format);
    return c.body(text, 200, { 'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8' });
  });
  return app;
}
