/**
 * /api/operator/catalog: `npm run catalog` through the running store, while it holds the embedded
 * database. Behind the operator routes' key check (routes/operator.ts): nothing is read from a
 * request without the key. The store runs what the command runs on a database it opens itself
 * (catalog/file-format.ts, validate-catalog.ts, import-catalog.ts, export-catalog.ts), so the
 * replies carry the same messages.
 *
 *   POST /catalog/validate?format=json|csv   the file → {success, products, categories, changes, note?}
 *   POST /catalog/import?format=json|csv     the file → {success, changes, categories, kind, note?}
 *   GET  /catalog/export?format=json|csv[&part=synonyms]   the file's text (the dictionary alone with part)
 *
 * `changes` is what the import makes (or made): `{created: [id], changed: [{id, fields}],
 * unchanged}`; only new and changed products are written. The file's bytes are decoded as
 * decodeCatalogBytes says (UTF-8; certain Windows-1252 read with a `note`; else a 400 in words).
 *
 * A file that cannot be read as its format is a 400 with the parser's message; rows with problems
 * are a 422 `{success: false, message, problems: [{row, id?, field, message, line?, text}]}` and
 * change nothing; a file over MAX_CATALOG_FILE_BYTES is a 413 as soon as it passes the limit.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { CategoryInputSchema, ProductInputSchema } from '#lib/schemas/catalog.ts';
import { DictionaryChangeSchema } from '#lib/schemas/staff-catalog.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { exportCatalog } from '#server/catalog/export-catalog.ts';
import { decodeCatalogBytes, MAX_CATALOG_FILE_BYTES, parseCatalog, type CatalogFile } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { checkCatalog, problemsMessage, type RowError } from '#server/catalog/validate-catalog.ts';
import type { Database, DatabaseKind } from '#server/db/client.ts';
import { readBodyBytes } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery } from '#server/http/params.ts';
import { documentedRoutes, refusal, route, type Operation, type Reply } from '#server/http/openapi.ts';
import { refusalWith } from './reply-shapes.ts';

const FormatQuery = z.strictObject({ format: z.enum(['json', 'csv']) });
const ExportQuery = z.strictObject({ format: z.enum(['json', 'csv']), part: z.enum(['catalogue', 'synonyms']).optional() });

export const TOO_LARGE_MESSAGE =
  `The running store takes catalogue files of at most ${MAX_CATALOG_FILE_BYTES / 1024 / 1024} MB; ` +
  'import a larger one while the store is stopped, or split it.';

const problems = (errors: RowError[]) => new HttpError(422, problemsMessage(errors.length), undefined, { fields: { problems: errors } });

/** The request's file, decoded and parsed as its `format`: a 413 past the limit, a 400 with the reader's words. */
async function fileOf(c: Context): Promise<{ file: CatalogFile; note?: string }> {
  const { format } = parseQuery(c, FormatQuery);
  let bytes: Buffer;
  try {
    bytes = await readBodyBytes(c, MAX_CATALOG_FILE_BYTES);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, TOO_LARGE_MESSAGE, err.errors, err.extras);
    throw err;
  }
  try {
    const { text, note } = decodeCatalogBytes(bytes);
    return { file: parseCatalog(text, format), ...(note ? { note } : {}) };
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
}

const ChangesSchema = z.strictObject({
  created: z.array(z.string()),
  changed: z.array(z.strictObject({ id: z.string(), fields: z.array(z.string()) })),
  unchanged: z.number().int(),
  synonyms: DictionaryChangeSchema.optional(),
});
const NOTE = z.string().optional();

/** The JSON catalogue file as export writes it (and import reads it back): every category and product, defaults filled in, and the search dictionary. */
const SynonymsSchema = z.array(z.strictObject({ words: z.array(z.string()), means: z.array(z.string()) }));
const CatalogueFileSchema = z.union([
  z.strictObject({ categories: z.array(CategoryInputSchema), products: z.array(ProductInputSchema), synonyms: SynonymsSchema }),
  z.strictObject({ synonyms: SynonymsSchema }),
]);

const FILE = { mediaType: 'text/plain', description: "The file's text, JSON or CSV as `format` says." };
const FILE_REFUSALS: Record<number, Reply> = {
  400: refusal("A file that cannot be read as its format (the parser's words), or a bad `format`."),
  413: refusal(`'${TOO_LARGE_MESSAGE}'`),
  422: {
    description: 'Rows with problems, each by row and field; nothing changed.',
    schema: refusalWith({
      problems: z.array(
        z.strictObject({
          row: z.number().int(),
          id: z.string().optional(),
          field: z.string(),
          message: z.string(),
          line: z.number().int().optional(),
          section: z.enum(['synonyms', 'categories']).optional(),
          text: z.string(),
        }),
      ),
    }),
  },
};
const op = (o: Omit<Operation, 'tag' | 'access'>): Operation => ({
  query: FormatQuery,
  ...o,
  tag: 'Operator',
  access: 'operator',
  replies: { ...o.replies, 403: refusal("'Forbidden.': not from loopback, or without the channel's key; the connection is closed.") },
});

export function operatorCatalogRoutes(db: Database, kind: DatabaseKind, cache: CatalogueCache) {
  const app = documentedRoutes();

  route(app, op({
    method: 'post',
    path: '/validate',
    summary: 'Check a catalogue file, change nothing',
    body: FILE,
    replies: {
      200: {
        description: 'How many products and categories it holds, and what importing it would change.',
        schema: z.strictObject({ success: z.literal(true), products: z.number().int(), categories: z.number().int(), changes: ChangesSchema, note: NOTE }),
      },
      ...FILE_REFUSALS,
    },
  }), async (c) => {
    const { file, note } = await fileOf(c);
    const result = await checkCatalog(db, file);
    if (!result.ok) throw problems(result.errors);
    return c.json({ success: true, products: result.products.length, categories: result.categories.length, changes: result.changes, ...(note ? { note } : {}) });
  });

  route(app, op({
    method: 'post',
    path: '/import',
    summary: 'Import a catalogue file, all rows or none',
    body: FILE,
    replies: {
      200: {
        description: 'What changed, in one transaction.',
        schema: z.strictObject({ success: z.literal(true), changes: ChangesSchema, categories: z.number().int(), kind: z.enum(['pglite', 'postgres']), note: NOTE }),
      },
      ...FILE_REFUSALS,
    },
  }), async (c) => {
    const { file, note } = await fileOf(c);
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
    return c.json({ success: true, changes: result.changes, categories: result.categories, kind, ...(note ? { note } : {}) });
  });

  route(app, op({
    method: 'get',
    path: '/export',
    summary: 'The whole catalogue as a file (or, `part=synonyms`, the search dictionary alone)',
    query: ExportQuery,
    replies: { 200: { description: 'The file, in the media type `format` names.', mediaTypes: { 'application/json': CatalogueFileSchema, 'text/csv': null } }, 400: refusal('A bad `format`.') },
  }), async (c) => {
    const { format, part } = parseQuery(c, ExportQuery);
    const text = await exportCatalog(db, format, part);
    return c.body(text, 200, { 'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8' });
  });
  return app;
}
