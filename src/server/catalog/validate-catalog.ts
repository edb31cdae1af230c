/**
 * Checks a catalogue file's rows before anything is written. Ratings travel as per-star counts,
 * `ratings1` … `ratings5`; the rating and the ratings count are computed from them, so a file
 * cannot carry a rating that contradicts its count. A count may not fall below the product's
 * written reviews of that many stars (their stars are ratings).
 *
 * Errors name the row (in a CSV, as a spreadsheet numbers it: the header is row 1; the CSV line
 * too when a cell spans lines) and the field:
 *   Row 7 (shan-biryani-masala-50g), field price: must be above 0
 * One problem shared by more than MANY_ROWS rows (a column of dates a spreadsheet reformatted) is
 * said once, with the rows it concerns.
 *
 * checkCatalog also compares the file with the catalogue: which products are new, which change
 * (and which fields), which are unchanged. Validation and import both run it, so they always agree.
 */
import { CategoryInputSchema, ProductInputSchema, RATINGS_FIELDS, type ProductRecord } from '#lib/schemas/catalog.ts';
import { categoryLookup } from '#lib/category-lookup.ts';
import { starsOf, uncountedStars, type RatingsByStar } from '#lib/ratings.ts';
import type { Database } from '#server/db/client.ts';
import { describeIssue } from '#server/http/issues.ts';
import { CATALOG_FILE_MESSAGES as FILE } from '#lib/catalog-file-messages.ts';
import type { NewProductRow, ProductRow } from '#server/db/schema.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { categoryRecords, storedProductRows, toProductRow, writtenReviewStars } from './bulk.ts';
import type { CatalogFile, RawRow } from './file-format.ts';
import { checkSynonymRows, dictionaryChange, type DictionaryChange } from './synonyms.ts';

export interface RowError {
  row: number;
  id?: string;
  field: string;
  message: string;
  line?: number;
  /** Set for an entry of the file's search dictionary or its categories (its `row` then numbers those). */
  section?: 'synonyms' | 'categories';
  /** `Row 7 (shan-biryani-masala-50g), field price: must be above 0` */
  text: string;
}

export interface ValidationResult {
  ok: boolean;
  errors: RowError[];
  categories: ReturnType<typeof CategoryInputSchema.parse>[];
  products: ProductRecord[];
  /** The file's search dictionary, tidied; absent when the file carries none (the stored one stays). */
  synonyms?: SynonymEntry[];
  /** The id of the category a product's `category` names, among the known and the file's categories. */
  categoryOf: (ref: string) => string | undefined;
}

function rowError(r: RawRow, id: string | undefined, field: string, message: string): RowError {
  const where = id ? `Row ${r.row} (${id})` : `Row ${r.row}`;
  const line = r.line !== undefined && r.line !== r.row ? ` [CSV line ${r.line}]` : '';
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
        errors.push({ row: i + 1, id, field, message: describeIssue(issue), section: 'categories', text: `Category ${i + 1}${id ? ` (${id})` : ''}, field ${field}: ${describeIssue(issue)}` });
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
    // Cells the file reader could not read carry its words.
    for (const field of ['specifications', 'createdAt']) {
      const cell = input[field] as { invalid?: unknown } | undefined;
      if (cell && typeof cell === 'object' && !Array.isArray(cell) && typeof cell.invalid === 'string') {
        errors.push(rowError(r, id, field, cell.invalid));
        delete input[field];
      }
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
  const dictionary = file.synonyms && checkSynonymRows(file.synonyms, file.format);
  if (dictionary) errors.push(...dictionary.errors);
  return { ok: errors.length === 0, errors: sayOnce(errors), categories: cats, products, categoryOf, ...(dictionary ? { synonyms: dictionary.entries } : {}) };
}

/** More rows than this with one and the same problem are reported in one line. */
export const MANY_ROWS = 3;

/** Row problems, the same field and message in more than MANY_ROWS rows said once where it first occurs. */
function sayOnce(errors: RowError[]): RowError[] {
  const groups = new Map<string, RowError[]>();
  for (const e of errors) {
    const key = `${e.section ?? 'row'}\u0000${e.field}\u0000${e.message}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const out: RowError[] = [];
  for (const e of errors) {
    // A category is named each time (they are few); products and dictionary entries are said once.
    const group = groups.get(`${e.section ?? 'row'}\u0000${e.field}\u0000${e.message}`)!;
    if (e.section === 'categories') {
      out.push(e);
      continue;
    }
    if (group.length <= MANY_ROWS) out.push(e);
    else if (group[0] === e) out.push({ ...e, id: undefined, text: FILE.manyRows(group.map((g) => g.row), e.field, e.message) });
  }
  return out;
}

/** What importing a valid file would do to the products. */
export interface CatalogChanges {
  /** Ids of the products the file adds. */
  created: string[];
  /** The products it changes, with the fields that change. */
  changed: { id: string; fields: string[] }[];
  unchanged: number;
  /** What the file's search dictionary does to the stored one; absent when the file has none. */
  synonyms?: DictionaryChange;
}

export type CheckedCatalog = ValidationResult & {
  changes: CatalogChanges;
  rows: NewProductRow[];
  keepCreatedAt: Set<string>;
  keepRatings: Set<string>;
  /** The stored rows of the products the file changes, as they were when checked. */
  stored: Map<string, ProductRow>;
};

/**
 * validateCatalog against `db` (its categories, the written reviews of the file's products), and
 * when valid what an import would change: the rows it would write (new and changed products
 * only), with which stored creation dates and ratings it keeps. The one path of validation and import.
 */
export async function checkCatalog(db: Database, file: CatalogFile, now = new Date()): Promise<CheckedCatalog> {
  const result = validateCatalog(file, await categoryRecords(db), await writtenReviewsOf(db, file));
  const empty = { changes: { created: [], changed: [], unchanged: 0 }, rows: [], keepCreatedAt: new Set<string>(), keepRatings: new Set<string>(), stored: new Map<string, ProductRow>() };
  if (!result.ok) return { ...result, ...empty };
  const stored = await storedProductRows(db, result.products.map((p) => p._id));
  const keepCreatedAt = new Set(result.products.filter((p) => !p.createdAt && stored.has(p._id)).map((p) => p._id));
  const keepRatings = new Set(result.products.filter((p) => !givesRatings(p) && stored.has(p._id)).map((p) => p._id));
  const changes: CatalogChanges = { created: [], changed: [], unchanged: 0 };
  const rows: NewProductRow[] = [];
  for (const p of result.products) {
    const row = toProductRow(p, result.categoryOf(p.category)!, now);
    const before = stored.get(p._id);
    // A row without onSale leaves the product as it is (on sale or not).
    if (before && p.onSale === undefined) row.onSale = before.onSale;
    if (!before) {
      changes.created.push(p._id);
      rows.push(row);
      continue;
    }
    const fields = changedFields(before, row, { createdAt: keepCreatedAt.has(p._id), ratings: keepRatings.has(p._id) });
    if (fields.length) {
      changes.changed.push({ id: p._id, fields });
      rows.push(row);
    } else changes.unchanged++;
  }
  if (result.synonyms) changes.synonyms = await dictionaryChange(db, result.synonyms);
  return { ...result, changes, rows, keepCreatedAt, keepRatings, stored };
}

/** The fields, as the file names them, in which `row` differs from the stored product. */
function changedFields(before: ProductRow, row: NewProductRow, keep: { createdAt: boolean; ratings: boolean }): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields: [string, unknown, unknown][] = [
    ['name', before.name, row.name],
    ['description', before.description, row.description],
    ['category', before.categoryId, row.categoryId],
    ['brand', before.brand, row.brand],
    ['price', before.price, row.price],
    ['discount', before.discount, row.discount],
    ['stock', before.stock, row.stock],
    ...(keep.ratings ? [] : RATINGS_FIELDS.map((f) => [f, before[f], row[f]] as [string, unknown, unknown])),
    ['images', before.images ?? [], row.images ?? []],
    ['specifications', before.specifications ?? [], row.specifications ?? []],
    ['onSale', before.onSale, row.onSale],
    ...(keep.createdAt ? [] : [['createdAt', before.createdAt.getTime(), (row.createdAt as Date).getTime()] as [string, unknown, unknown]]),
  ];
  return fields.filter(([, a, b]) => !same(a, b)).map(([name]) => name);
}

/** What follows the row problems of a refused file: `3 problems found; nothing was changed.` */
export function problemsMessage(count: number): string {
  return `${count} problem${count === 1 ? '' : 's'} found; nothing was changed.`;
}

/** The stars of the written reviews of the file's products (those that have any). */
export async function writtenReviewsOf(db: Database, file: CatalogFile): Promise<Map<string, RatingsByStar>> {
  const ids = file.products
    .map((r) => (r.value && typeof r.value === 'object' ? (r.value as { _id?: unknown })._id : undefined))
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.trim());
  return writtenReviewStars(db, ids);
}
