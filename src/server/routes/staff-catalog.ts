/**
 * /api/staff/products and /api/staff/catalog: the catalogue desk's API. The list, one product, a
 * new product, a change (naming the version it started from), the stock and price grid's save (all
 * rows or none), whether the served pages show a product as stored now, a product's history, and
 * catalogue files (check, import, export). Thin: the rules and the one save path are in
 * src/server/catalog/edit.ts; every route goes through staffRoute's check (session, origin,
 * permission `catalog.edit`).
 */
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  StaffBulkChangeSchema,
  StaffBulkConflictSchema,
  StaffBulkProblemSchema,
  StaffBulkReplySchema,
  StaffCatalogExportQuery,
  StaffCatalogFileReplySchema,
  StaffCatalogFormatQuery,
  StaffHistoryQuery,
  StaffHistorySchema,
  StaffLiveSchema,
  StaffSiteSchema,
  StaffProductChangeSchema,
  StaffProductCreateSchema,
  StaffProductListQuery,
  StaffProductListSchema,
  StaffProductSchema,
} from '#lib/schemas/staff-catalog.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { bulkChange, changeProduct, createProduct, staffProduct, type Editor } from '#server/catalog/edit.ts';
import { exportCatalog } from '#server/catalog/export-catalog.ts';
import { decodeCatalogBytes, MAX_CATALOG_FILE_BYTES, parseCatalog, type CatalogFile } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { listStaffProducts, productHistory, productLive, servedDigests, siteFailure } from '#server/catalog/staff-reads.ts';
import { checkCatalog } from '#server/catalog/validate-catalog.ts';
import { parseBody, readBodyBytes } from '#server/http/body.ts';
import { appendAudit } from '#server/staff/audit.ts';
import { HttpError } from '#server/http/errors.ts';
import { dataReply, refusal, RefusalSchema, type Reply } from '#server/http/openapi.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { staffRoute, type StaffCall, type StaffGuard } from '#server/staff/route.ts';
import { refusalWith } from './reply-shapes.ts';

export interface StaffCatalogDeps {
  /** The reply cache of this process: told at once of a change made here (others hear it from the database). */
  catalogue: CatalogueCache;
  /** The folder of the site being served (undefined: none, so no product is live). */
  siteDir?: () => string | undefined;
}

/** The largest grid save read: 500 rows of figures, generously. */
const MAX_BULK_BYTES = 256 * 1024;
/** The largest product read: a long description and many pictures and specifications. */
const MAX_PRODUCT_BYTES = 256 * 1024;

/** The largest catalogue file the staff pages send (an export of 10,000 products is about 7 MB of JSON). */
export const MAX_STAFF_FILE_BYTES = Math.min(16 * 1024 * 1024, MAX_CATALOG_FILE_BYTES);
export const FILE_TOO_LARGE = `A catalogue file may be at most ${MAX_STAFF_FILE_BYTES / 1024 / 1024} MB. Please split it into smaller files.`;

const Product = StaffProductSchema;
const ProductReply = dataReply(Product);
const UNKNOWN = refusal('No product with that id.');
const FIELDS = {
  description: 'Fields with problems, in the catalogue importer’s words: `errors` maps each field to its message (as does a body of the wrong shape).',
  schema: RefusalSchema,
} satisfies Reply;
const CONFLICT = {
  description: 'Changed by someone else since the version named: who and when in `message`, the product as now stored in `current`. Nothing was written.',
  schema: refusalWith({ current: Product }),
} satisfies Reply;

const editor = (call: StaffCall): Editor => ({ staffId: call.session.member.id, clientAddress: call.actor.clientAddress });
const productId = (c: Context) => pathParam(c, 'id');

/** The request's file, decoded and parsed as `format`: a 413 past 16 MB, a 400 with the reader's words. */
async function fileOf(c: Context): Promise<{ file: CatalogFile; note?: string }> {
  const { format } = parseQuery(c, StaffCatalogFormatQuery);
  let bytes: Buffer;
  try {
    bytes = await readBodyBytes(c, MAX_STAFF_FILE_BYTES);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, FILE_TOO_LARGE, err.errors, err.extras);
    throw err;
  }
  try {
    const { text, note } = decodeCatalogBytes(bytes);
    return { file: parseCatalog(text, format), ...(note ? { note } : {}) };
  } catch (err) {
    throw new HttpError(400, (err as Error).message, { file: (err as Error).message });
  }
}

const FILE_BODY = { mediaType: 'text/csv', description: 'The catalogue file’s bytes, CSV or JSON (`application/json`) as `format` says; at most 16 MB.' };
const FILE_REFUSALS: Record<number, Reply> = {
  400: refusal('A file that cannot be read as its format (the reader’s words), or a bad `format`.'),
  413: refusal(`'${FILE_TOO_LARGE}'`),
};

export function staffCatalogRoutes(app: OpenAPIHono, guard: StaffGuard, deps: StaffCatalogDeps): void {
  const digests = servedDigests(deps.siteDir ?? (() => undefined));
  const failing = siteFailure(deps.siteDir ?? (() => undefined));
  const changed = () => deps.catalogue.catalogueChanged();

  staffRoute(app, guard, {
    method: 'get',
    path: '/products',
    permission: 'catalog.edit',
    summary: 'The products, newest change first, 50 a page',
    description: '`q`: words each found in the id, name or brand; `category` an id; `stock` `low` (1 to 10) or `out`; `sale` `on` (default), `off` or `all`; `limit` up to 200.',
    query: StaffProductListQuery,
    replies: { 200: { description: 'A page of products.', schema: dataReply(StaffProductListSchema) }, 400: refusal('A bad parameter, named in `errors`.') },
  }, async (c) => c.json({ success: true, data: await listStaffProducts(guard.db, parseQuery(c, StaffProductListQuery)) }));

  staffRoute(app, guard, {
    method: 'post',
    path: '/products',
    permission: 'catalog.edit',
    audit: 'product.create',
    summary: 'A new product',
    description: 'The fields of a catalogue file’s row, checked by the importer’s rules.',
    body: StaffProductCreateSchema,
    replies: {
      201: { description: 'Made (version 1).', schema: ProductReply },
      400: FIELDS,
      409: refusal('The id is taken.'),
    },
  }, async (c, call) => {
    const input = await parseBody(c, StaffProductCreateSchema, MAX_PRODUCT_BYTES);
    const made = await createProduct(guard.db, input, editor(call), guard.clock.now());
    changed();
    return c.json({ success: true, data: made }, 201);
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/products/bulk',
    permission: 'catalog.edit',
    audit: 'product.bulk',
    summary: 'Save the stock and price grid: 1 to 500 products, all or none',
    description: 'Each row names the version it started from and the figures the editor changed. One transaction: any row refused and nothing is written.',
    body: StaffBulkChangeSchema,
    replies: {
      200: { description: 'Every product’s figures and version as saved.', schema: dataReply(StaffBulkReplySchema) },
      400: {
        description: 'Rows with problems, by id and field (or a body of the wrong shape); nothing was written.',
        schema: z.union([refusalWith({ rows: z.array(StaffBulkProblemSchema) }), RefusalSchema]),
      },
      409: { description: 'Products changed by someone else, with their stored figures; nothing was written.', schema: refusalWith({ conflicts: z.array(StaffBulkConflictSchema) }) },
    },
  }, async (c, call) => {
    const { changes } = await parseBody(c, StaffBulkChangeSchema, MAX_BULK_BYTES);
    const saved = await bulkChange(guard.db, changes, editor(call), guard.clock.now());
    changed();
    return c.json({ success: true, data: { products: saved } });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/products/{id}',
    permission: 'catalog.edit',
    summary: 'One product as the form edits it, with its version',
    replies: { 200: { description: 'The product.', schema: ProductReply }, 404: UNKNOWN },
  }, async (c) => c.json({ success: true, data: await staffProduct(guard.db, productId(c)) }));

  staffRoute(app, guard, {
    method: 'patch',
    path: '/products/{id}',
    permission: 'catalog.edit',
    audit: 'product.update',
    summary: 'Change a product: only the fields the editor changed',
    description:
      'Names the version it started from. Taking a product off sale (`onSale: false`) or back writes `product.off-sale` or `product.on-sale`. A field not sent is never written (a sale made meanwhile keeps its stock).',
    body: StaffProductChangeSchema,
    replies: { 200: { description: 'Saved (the version raised when anything changed).', schema: ProductReply }, 400: FIELDS, 404: UNKNOWN, 409: CONFLICT },
  }, async (c, call) => {
    const id = productId(c);
    const { version, changes } = await parseBody(c, StaffProductChangeSchema, MAX_PRODUCT_BYTES);
    const saved = await changeProduct(guard.db, id, version, changes, editor(call), guard.clock.now());
    changed();
    return c.json({ success: true, data: saved });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/products/{id}/live',
    permission: 'catalog.edit',
    summary: 'Whether the pages being served show the product as stored now',
    description: 'Cheap enough to poll after a save. An off-sale product is live once its page is gone. `failing`: the last rebuild of the pages failed (the store tries again by itself).',
    replies: { 200: { description: 'The stored version, whether the served pages show it, and a failed rebuild if any.', schema: dataReply(StaffLiveSchema) }, 404: UNKNOWN },
  }, async (c) => c.json({ success: true, data: await productLive(guard.db, productId(c), digests, failing) }));

  staffRoute(app, guard, {
    method: 'get',
    path: '/site',
    permission: 'catalog.edit',
    summary: 'Whether the shop’s pages are up to date: a failed rebuild, and when it is tried again',
    description: 'Cheap enough to poll. `failing` is null while the pages are up to date or being updated.',
    replies: { 200: { description: 'The last failed rebuild, if any.', schema: dataReply(StaffSiteSchema) } },
  }, async (c) => c.json({ success: true, data: { failing: (await failing()) ?? null } }));

  staffRoute(app, guard, {
    method: 'get',
    path: '/products/{id}/history',
    permission: 'catalog.edit',
    summary: 'What was changed in a product, by whom and when: newest first, 50 a page',
    description: '`before`: the `next` of the page before. `staffName` null: the command line.',
    query: StaffHistoryQuery,
    replies: { 200: { description: 'A page of the product’s audit rows.', schema: dataReply(StaffHistorySchema) }, 400: refusal('A bad `before`.'), 404: UNKNOWN },
  }, async (c) => {
    const id = productId(c);
    const { before } = parseQuery(c, StaffHistoryQuery);
    return c.json({ success: true, data: await productHistory(guard.db, id, before) });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/catalog/check',
    permission: 'catalog.edit',
    audit: 'catalog.check',
    summary: 'Check a catalogue file: its problems and what importing it would change',
    description: 'Changes nothing in the catalogue; the check is kept in the audit trail (`catalog.check`, with its counts).',
    query: StaffCatalogFormatQuery,
    body: FILE_BODY,
    replies: { 200: { description: 'The report.', schema: dataReply(StaffCatalogFileReplySchema) }, ...FILE_REFUSALS },
  }, async (c, call) => {
    const { file, note } = await fileOf(c);
    const result = await checkCatalog(guard.db, file);
    const { changes } = result;
    const counts = { ok: result.ok, problems: result.errors.length, created: changes.created.length, changed: changes.changed.length, unchanged: changes.unchanged };
    const at = guard.clock.now();
    await appendAudit(guard.db, { at, ...editor(call), action: 'catalog.check', recordKind: 'catalog', recordId: `check ${at.toISOString()}`, after: counts });
    return c.json({ success: true, data: { ok: result.ok, errors: result.errors, changes, categories: result.categories.length, ...(note ? { note } : {}) } });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/catalog/import',
    permission: 'catalog.edit',
    audit: 'catalog.import',
    summary: 'Import a catalogue file: all rows or none',
    description: 'Writes the new and changed products and the categories in one transaction, through the same save as the form (versions raised, a `catalog.import` row each and one for the file).',
    query: StaffCatalogFormatQuery,
    body: FILE_BODY,
    replies: {
      200: { description: 'What changed.', schema: dataReply(StaffCatalogFileReplySchema) },
      400: {
        description: `${FILE_REFUSALS[400].description} Rows with problems: the check's report in \`report\` (\`ok\` false, \`errors\` by row and field); nothing was changed.`,
        schema: z.union([RefusalSchema, refusalWith({ report: StaffCatalogFileReplySchema })]),
      },
      413: FILE_REFUSALS[413],
    },
  }, async (c, call) => {
    const { file, note } = await fileOf(c);
    const result = await importCatalog(guard.db, file, editor(call), guard.clock.now());
    const report = { ok: result.ok, errors: result.errors, changes: result.changes, categories: result.categories, ...(note ? { note } : {}) };
    if (!result.ok) {
      const message = `The file has ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}; nothing was changed.`;
      throw new HttpError(400, message, undefined, { fields: { report } });
    }
    changed();
    return c.json({ success: true, data: report });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/catalog/export',
    permission: 'catalog.edit',
    summary: 'The whole catalogue as a file to download (or, `part=synonyms`, the search dictionary alone)',
    description: 'JSON holds the categories, the products and the search dictionary; CSV the products. With `part=synonyms`: the dictionary as `{synonyms}` or as a `words,means` CSV (`|` between the words of a cell).',
    query: StaffCatalogExportQuery,
    replies: {
      200: { description: 'The file (`Content-Disposition: attachment`).', mediaTypes: { 'application/json': null, 'text/csv': null }, headers: { 'Content-Disposition': 'attachment; filename=kiryana-catalogue-YYYY-MM-DD.csv' } },
      400: refusal('A bad `format`.'),
    },
  }, async (c) => {
    const { format, part } = parseQuery(c, StaffCatalogExportQuery);
    const text = await exportCatalog(guard.db, format, part);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(guard.clock.now()); // the Pakistan day, YYYY-MM-DD
    return c.body(text, 200, {
      'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="kiryana-${part === 'synonyms' ? 'search-words' : 'catalogue'}-${day}.${format}"`,
    });
  });
}

