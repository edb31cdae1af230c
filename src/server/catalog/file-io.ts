/**
 * Catalogue files for editors: read, validate, import (one transaction) and export, as JSON
 * (an array of products, or `{categories, products}`) or CSV (products, header row, `images`
 * pipe-separated, `specifications` as `Name: value; Name: value`). Export writes what import reads.
 *
 * Ratings travel as per-star counts, `ratings1` … `ratings5`; the rating and the ratings count
 * are computed from them, so a file cannot carry a rating that contradicts its count. A count
 * may not fall below the product's written reviews of that many stars (their stars are ratings).
 *
 * Errors name the data row (1-based; CSV also gives its line) and the field:
 *   Row 7 (shan-biryani-masala-50g), field price: must be above 0
 *
 * `npm run catalog` runs these on the database it opens, and a running store runs the same for it
 * through its operator channel (routes/operator-catalog.ts), so both say the same.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import {
  CategoryInputSchema,
  ProductInputSchema,
  RATINGS_FIELDS,
  type CategoryInput,
  type ProductRecord,
} from '#lib/schemas/catalog.ts';
import { categoryLookup } from '#lib/category-lookup.ts';
import { starsOf, uncountedStars, type RatingsByStar } from '#lib/ratings.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { describeIssue } from '#server/http/issues.ts';
import {
  categoryRecords,
  existingProductIds,
  productRecords,
  toProductRow,
  upsertCategories,
  upsertProducts,
  writtenReviewStars,
} from './bulk.ts';

export type CatalogFormat = 'json' | 'csv';

export const CSV_COLUMNS = [
  '_id',
  'name',
  'description',
  'category',
  'brand',
  'price',
  'discount',
  'stock',
  ...RATINGS_FIELDS,
  'images',
  'specifications',
  'createdAt',
] as const;

export interface RawRow {
  /** 1-based data row. */
  row: number;
  /** CSV line where the row ends; absent for JSON. */
  line?: number;
  value: unknown;
}

export interface CatalogFile {
  format: CatalogFormat;
  categories: unknown[];
  products: RawRow[];
}

export interface RowError {
  row: number;
  id?: string;
  field: string;
  message: string;
  line?: number;
  /** `Row 7 (shan-biryani-masala-50g), field price: must be above 0` */
  text: string;
}

/**
 * The largest catalogue file a running store takes through its operator channel (an export of
 * 10,000 products is about 7 MB of JSON); a larger one is imported while the store is stopped.
 */
export const MAX_CATALOG_FILE_BYTES = 64 * 1024 * 1024;

export function formatOf(file: string, explicit?: string): CatalogFormat {
  const f = (explicit ?? file.split('.').pop() ?? '').toLowerCase();
  if (f === 'csv') return 'csv';
  if (f === 'json') return 'json';
  throw new Error(`Cannot tell the format of '${file}': use a .json or .csv file, or --format json|csv.`);
}

/**
 * `Name: value; Name: value` → specifications. Pairs may also stand one a line (what export
 * writes when a value holds a ';', e.g. 'Wash cold; do not bleach'). Throws on a pair without a colon.
 */
export function parseSpecifications(text: string): { name: string; value: string }[] {
  return text
    .split(text.includes('\n') ? /\r?\n/ : ';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      if (at <= 0) throw new Error(`expected 'Name: value' pairs separated by ';', got '${part}'`);
      return { name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() };
    });
}

export function formatSpecifications(specs: readonly { name: string; value: string }[]): string {
  const pairs = specs.map((s) => `${s.name}: ${s.value}`);
  return pairs.join(pairs.some((p) => p.includes(';')) ? '\n' : '; ');
}

export function parseCatalog(text: string, format: CatalogFormat): CatalogFile {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new Error(`The file is not valid JSON: ${(err as Error).message}`);
    }
    const list = Array.isArray(data) ? data : (data as { products?: unknown })?.products;
    if (!Array.isArray(list)) throw new Error('A JSON catalogue is an array of products or {"categories": [...], "products": [...]}.');
    const cats = Array.isArray(data) ? [] : (data as { categories?: unknown }).categories;
    if (cats !== undefined && !Array.isArray(cats)) throw new Error('"categories" must be an array.');
    return { format, categories: cats ?? [], products: list.map((value, i) => ({ row: i + 1, value })) };
  }
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, { columns: true, bom: true, skip_empty_lines: true, info: true }) as typeof records;
  } catch (err) {
    throw new Error(`The file is not valid CSV: ${(err as Error).message}`);
  }
  return {
    format,
    categories: [],
    products: records.map(({ record, info }, i) => ({ row: i + 1, line: info.lines, value: csvRecordToInput(record) })),
  };
}

/** CSV cells are strings: empty cells are left out (defaults apply); lists are split. */
function csvRecordToInput(record: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(record)) {
    const value = cell.trim();
    if (value === '') continue;
    if (key === 'images') out.images = value.split('|').map((s) => s.trim()).filter(Boolean);
    else if (key === 'specifications') {
      try {
        out.specifications = parseSpecifications(value);
      } catch (err) {
        out.specifications = { invalid: (err as Error).message };
      }
    } else out[key] = value;
  }
  return out;
}

export interface ValidationResult {
  ok: boolean;
  errors: RowError[];
  categories: ReturnType<typeof CategoryInputSchema.parse>[];
  products: ProductRecord[];
  /** The id of the category a product's `category` names, among the known and the file's categories. */
  categoryOf: (ref: string) => string | undefined;
}

function rowError(r: RawRow, id: string | undefined, field: string, message: string): RowError {
  const where = id ? `Row ${r.row} (${id})` : `Row ${r.row}`;
  const line = r.line !== undefined && r.line !== r.row + 1 ? ` [CSV line ${r.line}]` : '';
  return { row: r.row, id, field, message, line: r.line, text: `${where}, field ${field}: ${message}${line}` };
}

/** Fields of the old file format: an average and a count that could contradict each other. */
const RETIRED_FIELDS: Record<string, string> = {
  rating: 'is computed from ratings1 to ratings5; give those instead',
  numReviews: 'is computed from ratings1 to ratings5; give those instead',
};

/** Whether a record gives any of ratings1 … ratings5 (else an existing product keeps its own). */
export function givesRatings(record: ProductRecord): boolean {
  return RATINGS_FIELDS.some((f) => record[f] !== undefined);
}

/**
 * Checks every row: the shared ProductInputSchema, discount not above price, the category known
 * (in the database or in this file; by name or id), ids unique within the file, ratings given
 * per star and not below the product's written reviews.
 * `knownCategories` are `{_id, name}` of the database's categories; `writtenReviews` the stars
 * of the written reviews of the products in the file that already have some.
 */
export function validateCatalog(
  file: CatalogFile,
  knownCategories: readonly { _id: string; name: string }[],
  writtenReviews: ReadonlyMap<string, RatingsByStar> = new Map(),
): ValidationResult {
  const errors: RowError[] = [];
  const cats: ValidationResult['categories'] = [];
  file.categories.forEach((value, i) => {
    const parsed = CategoryInputSchema.safeParse(value);
    if (parsed.success) cats.push(parsed.data);
    else {
      const id = typeof (value as { _id?: unknown })?._id === 'string' ? (value as { _id: string })._id : undefined;
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'category');
        errors.push({ row: i + 1, id, field, message: describeIssue(issue), text: `Category ${i + 1}${id ? ` (${id})` : ''}, field ${field}: ${describeIssue(issue)}` });
      }
    }
  });
  const categoryOf = categoryLookup([...knownCategories, ...cats]);

  const seen = new Map<string, number>();
  const products: ProductRecord[] = [];
  for (const r of file.products) {
    const raw = (r.value && typeof r.value === 'object' ? r.value : {}) as Record<string, unknown>;
    const id = typeof raw._id === 'string' && raw._id.trim() ? raw._id.trim() : undefined;
    if (!r.value || typeof r.value !== 'object' || Array.isArray(r.value)) {
      errors.push(rowError(r, undefined, 'row', 'must be an object'));
      continue;
    }
    const input = { ...raw };
    if (typeof input.images === 'string') input.images = [input.images];
    const specs = input.specifications as { invalid?: string } | undefined;
    if (specs && !Array.isArray(specs) && typeof specs.invalid === 'string') {
      errors.push(rowError(r, id, 'specifications', specs.invalid));
      delete input.specifications;
    }
    for (const [field, message] of Object.entries(RETIRED_FIELDS)) {
      if (input[field] !== undefined) errors.push(rowError(r, id, field, message));
    }
    const parsed = ProductInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (fields.has(field)) continue;
        fields.add(field);
        errors.push(rowError(r, id, field, describeIssue(issue)));
      }
    }
    if (id !== undefined) {
      const first = seen.get(id);
      if (first !== undefined) errors.push(rowError(r, id, '_id', `duplicate of row ${first}`));
      else seen.set(id, r.row);
    }
    if (!parsed.success) continue;
    const record = parsed.data;
    if (record.discount > record.price) errors.push(rowError(r, id, 'discount', `must not be above the price (${record.price})`));
    if (!categoryOf(record.category)) errors.push(rowError(r, id, 'category', `unknown category '${record.category}'`));
    const written = writtenReviews.get(record._id);
    if (written && givesRatings(record)) {
      for (const u of uncountedStars(starsOf(record), written)) {
        const reviews = `${u.written} written ${u.star}-star review${u.written === 1 ? '' : 's'}`;
        errors.push(rowError(r, id, `ratings${u.star}`, `must be at least ${u.written}: the product has ${reviews}`));
      }
    }
    products.push(record);
  }
  return { ok: errors.length === 0, errors, categories: cats, products, categoryOf };
}

/** validateCatalog against `db`: its categories, and the written reviews of the file's products. */
export async function checkCatalog(db: Database, file: CatalogFile): Promise<ValidationResult> {
  return validateCatalog(file, await categoryRecords(db), await writtenReviewsOf(db, file));
}

/** What follows the row problems of a refused file: `3 problems found; nothing was changed.` */
export function problemsMessage(count: number): string {
  return `${count} problem${count === 1 ? '' : 's'} found; nothing was changed.`;
}

export interface ImportResult {
  ok: boolean;
  errors: RowError[];
  created: number;
  updated: number;
  categories: number;
}

/** A turn of the event loop between long steps, for a store that imports while it serves (bulk.ts says why). */
const betweenSteps = () => new Promise<void>((done) => setImmediate(done));

/**
 * Validates, then upserts categories and products by id in one transaction. Any error (in a row,
 * or from the database) leaves the catalogue exactly as it was.
 */
export async function importCatalog(db: Database, file: CatalogFile): Promise<ImportResult> {
  const result = await checkCatalog(db, file);
  if (!result.ok) return { ok: false, errors: result.errors, created: 0, updated: 0, categories: 0 };

  const now = new Date();
  const rows = result.products.map((p) => toProductRow(p, result.categoryOf(p.category)!, now));
  await betweenSteps();
  return inTransaction(db, async (t) => {
    await upsertCategories(t, result.categories, now);
    const existing = await existingProductIds(t, rows.map((r) => r.id));
    await betweenSteps();
    const keepCreatedAt = new Set(result.products.filter((p) => !p.createdAt && existing.has(p._id)).map((p) => p._id));
    const keepRatings = new Set(result.products.filter((p) => !givesRatings(p) && existing.has(p._id)).map((p) => p._id));
    await upsertProducts(t, rows, keepCreatedAt, keepRatings);
    return { ok: true, errors: [], created: rows.length - existing.size, updated: existing.size, categories: result.categories.length };
  });
}

/** The stars of the written reviews of the file's products (those that have any). */
export async function writtenReviewsOf(db: Database, file: CatalogFile): Promise<Map<string, RatingsByStar>> {
  const ids = file.products
    .map((r) => (r.value && typeof r.value === 'object' ? (r.value as { _id?: unknown })._id : undefined))
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.trim());
  return writtenReviewStars(db, ids);
}

/** Every category and product in `format`; importing the output changes nothing. */
export async function exportCatalog(db: Database, format: CatalogFormat): Promise<string> {
  const products = await productRecords(db);
  if (format === 'json') {
    const categories: CategoryInput[] = await categoryRecords(db);
    return `${JSON.stringify({ categories, products }, null, 2)}\n`;
  }
  return stringifyCsv(
    products.map((p) => ({
      ...p,
      images: p.images.join('|'),
      specifications: formatSpecifications(p.specifications),
    })),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}
