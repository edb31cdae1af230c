/**
 * The one save path of the catalogue: a product made or changed in the staff form, the stock and
 * price grid's rows, and a catalogue file's import all end in `saveEdits`, so every editor's change
 * is written the same way:
 *
 * 1. It is checked with the importer's rules first (validate-catalog.ts), so each way of editing is
 *    refused in the same words.
 * 2. Only the columns the editor changed are written: a stock figure the form left alone is never
 *    written back over the sales made since it was opened.
 * 3. Every change raises the product's `version` by 1 and sets `updated_at`; orders and reviews
 *    never touch the version. A change names the version it started from, and a change from an
 *    older version is refused (409) with who changed the product and when, and the product as now
 *    stored: nothing is overwritten.
 * 4. The writes and their audit rows (before and after hold only the changed fields) are made in
 *    ONE transaction: both stand or neither does.
 *
 * The database's catalogue triggers announce the change to the site keeper (which rebuilds the
 * product's pages) and to every process's reply cache.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatStaffTime } from '#lib/staff-time.ts';
import type { ChangeField, StaffFigures, StaffProduct } from '#lib/schemas/staff-catalog.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { auditLog, categories, products, staff, type NewProductRow, type ProductRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { appendAuditRows, type AuditEntry } from '#server/staff/audit.ts';
import { categoryRecords, insertProducts, INSERT_BATCH } from './bulk.ts';
import { categoryNames, recordSearchTerms, searchColumns, tokensOf } from './search-columns.ts';
import type { CatalogFile } from './file-format.ts';
import { validateCatalog, type RowError } from './validate-catalog.ts';

/** Who makes a change, as the audit trail records them. */
export interface Editor {
  /** Null: the command line (`npm run catalog`). */
  staffId: string | null;
  clientAddress: string;
}

export const COMMAND_LINE_EDITOR: Editor = { staffId: null, clientAddress: 'command line' };

export const EDIT_TEXT = {
  fields: 'Please correct the marked fields.',
  notFound: 'No product with that id.',
  idTaken: (id: string) => `A product with the id '${id}' already exists.`,
  changedBy: (what: 'product' | 'category', name: string, at: Date) =>
    `This ${what} was changed by ${name} at ${formatStaffTime(at)} since you opened it. Your changes were not saved: see what changed, then save again.`,
  importName: 'the catalogue file import',
  bulkProblems: (n: number) => `Nothing was saved: ${n} problem${n === 1 ? '' : 's'}.`,
  bulkConflicts: (n: number) => `Nothing was saved: ${n} product${n === 1 ? ' was' : 's were'} changed by someone else since you opened them.`,
  bulkUnknown: 'no product with this id',
  bulkTwice: 'is in this save more than once',
} as const;

/** A product's columns as a catalogue file names them (the import's `changes` use these names). */
const COLUMN_OF = {
  name: 'name',
  description: 'description',
  category: 'categoryId',
  brand: 'brand',
  price: 'price',
  discount: 'discount',
  stock: 'stock',
  ratings1: 'ratings1',
  ratings2: 'ratings2',
  ratings3: 'ratings3',
  ratings4: 'ratings4',
  ratings5: 'ratings5',
  images: 'images',
  specifications: 'specifications',
  createdAt: 'createdAt',
  onSale: 'onSale',
} as const satisfies Record<string, keyof NewProductRow>;
export type EditField = keyof typeof COLUMN_OF;

/** Each column's SQL name and type, for writing a batch of rows in one statement. */
const SQL_COLUMN: Record<(typeof COLUMN_OF)[EditField], [string, string]> = {
  name: ['name', 'text'],
  description: ['description', 'text'],
  categoryId: ['category_id', 'text'],
  brand: ['brand', 'text'],
  price: ['price', 'integer'],
  discount: ['discount', 'integer'],
  stock: ['stock', 'integer'],
  ratings1: ['ratings_1', 'integer'],
  ratings2: ['ratings_2', 'integer'],
  ratings3: ['ratings_3', 'integer'],
  ratings4: ['ratings_4', 'integer'],
  ratings5: ['ratings_5', 'integer'],
  images: ['images', 'jsonb'],
  specifications: ['specifications', 'jsonb'],
  createdAt: ['created_at', 'timestamptz'],
  onSale: ['on_sale', 'boolean'],
};

/** The fields search reads (search-columns.ts). */
const SEARCHED_FIELDS: ReadonlySet<EditField> = new Set(['name', 'brand', 'description', 'category']);
const SEARCH_SQL_COLUMNS: [string, string][] = [
  ['search_name', 'text[]'],
  ['search_brand', 'text[]'],
  ['search_category', 'text[]'],
  ['search_more', 'text[]'],
  ['search_rule', 'integer'],
];

/** One product written: a new one (`before` null, `row` whole) or a change of the fields in `set`. */
export type Edit =
  | { kind: 'create'; row: NewProductRow; action: string }
  | { kind: 'change'; before: ProductRow; set: Partial<Record<EditField, unknown>>; action: string };

/**
 * THE save: writes the edits and their audit rows in the caller's transaction. A change writes
 * only its `set` columns, raises the version by 1 and sets `updated_at` to `now`; rows changing the
 * same columns go in one statement a batch (a large file's import stays fast). `extraAudit` rows
 * (the import's row for the file) are appended with them.
 */
export async function saveEdits(tx: Database, edits: readonly Edit[], editor: Editor, now: Date, extraAudit: AuditEntry[] = []): Promise<void> {
  const created = edits.filter((e): e is Extract<Edit, { kind: 'create' }> => e.kind === 'create');
  await insertProducts(tx, created.map((e) => ({ ...e.row, createdAt: e.row.createdAt ?? now, updatedAt: now })));
  const changes = edits.filter((e): e is Extract<Edit, { kind: 'change' }> => e.kind === 'change' && Object.keys(e.set).length > 0);
  const groups = new Map<string, Extract<Edit, { kind: 'change' }>[]>();
  for (const e of changes) {
    const key = Object.keys(e.set).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  // A change of what search reads writes the product's search columns in the same statement.
  let names: Map<string, string> | undefined;
  const terms = new Set<string>();
  for (const [key, group] of groups) {
    const fields = key.split(',') as EditField[];
    const searched = fields.some((f) => SEARCHED_FIELDS.has(f));
    if (searched) names ??= await categoryNames(tx);
    const columns = [...fields.map((f) => SQL_COLUMN[COLUMN_OF[f]]), ...(searched ? SEARCH_SQL_COLUMNS : [])];
    const assign = sql.raw(columns.map(([name]) => `${name} = x.${name}`).join(', '));
    const shape = sql.raw(['id text', ...columns.map(([name, type]) => `${name} ${type}`)].join(', '));
    for (let i = 0; i < group.length; i += INSERT_BATCH) {
      const chunk = group.slice(i, i + INSERT_BATCH).map((e) => {
        const row = Object.fromEntries([['id', e.before.id], ...fields.map((f) => [SQL_COLUMN[COLUMN_OF[f]][0], e.set[f]])]);
        if (!searched) return row;
        const after = { ...e.before, ...Object.fromEntries(fields.map((f) => [COLUMN_OF[f], e.set[f]])) } as ProductRow;
        const search = searchColumns({ name: after.name, brand: after.brand, description: after.description, category: names!.get(after.categoryId) ?? '' });
        for (const t of tokensOf([search])) terms.add(t);
        return { ...row, search_name: search.searchName, search_brand: search.searchBrand, search_category: search.searchCategory, search_more: search.searchMore, search_rule: search.searchRule };
      });
      await tx.execute(sql`
        update products p set ${assign}, version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(chunk)}::json) as x(${shape})
        where p.id = x.id`);
    }
  }
  await recordSearchTerms(tx, terms);
  const audit: AuditEntry[] = [
    ...created.map((e) => ({ at: now, ...editor, action: e.action, recordKind: 'product', recordId: e.row.id, after: createdFields(e.row) })),
    ...changes.flatMap((e) => changeAudit(e).map(({ action, set }) => ({
      at: now,
      ...editor,
      action,
      recordKind: 'product',
      recordId: e.before.id,
      before: Object.fromEntries(Object.keys(set).map((f) => [f, e.before[COLUMN_OF[f as EditField]]])),
      after: set,
    }))),
    ...extraAudit,
  ];
  await appendAuditRows(tx, audit);
}

/**
 * A change's audit rows: taking a product off sale (or back on) is a row of its own
 * (`product.off-sale`, `product.on-sale`) beside the row of the other fields it changes.
 */
function changeAudit(e: Extract<Edit, { kind: 'change' }>): { action: string; set: Partial<Record<EditField, unknown>> }[] {
  const { onSale, ...rest } = e.set;
  const rows: { action: string; set: Partial<Record<EditField, unknown>> }[] = Object.keys(rest).length ? [{ action: e.action, set: rest }] : [];
  if (onSale !== undefined) rows.push({ action: onSale ? 'product.on-sale' : 'product.off-sale', set: { onSale } });
  return rows;
}

/** A new product's fields as its audit row shows them. */
function createdFields(row: NewProductRow): Record<string, unknown> {
  const { id: _id, name, description, categoryId, brand, price, discount, stock, images, specifications } = row;
  return { name, description, category: categoryId, brand, price, discount, stock, images, specifications };
}

/** The fields of a stored product as the importer reads a row (ratings left out: an edit never gives them). */
function asImportRow(row: ProductRow, categoryName: string): Record<string, unknown> {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    category: categoryName,
    brand: row.brand,
    price: row.price,
    discount: row.discount,
    stock: row.stock,
    images: row.images ?? [],
    specifications: row.specifications ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** One row checked by the importer's rules: the record, or its problems by field (the importer's words). */
async function checkOne(db: Database, value: Record<string, unknown>, known?: { _id: string; name: string }[]) {
  const file: CatalogFile = { format: 'json', categories: [], products: [{ row: 1, value }] };
  const result = validateCatalog(file, known ?? (await categoryRecords(db)));
  return { ...result, fields: fieldsOf(result.errors) };
}

function fieldsOf(errors: readonly RowError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors) fields[e.field] ??= e.message;
  return fields;
}

const badFields = (fields: Record<string, string>) => new HttpError(400, EDIT_TEXT.fields, fields);

/** Who changed a record last and when: its newest audit row (the command line: the file import). */
export async function lastChange(db: Database, recordKind: 'product' | 'category', recordId: string, fallback: Date): Promise<{ name: string; at: Date }> {
  const [row] = await db
    .select({ at: auditLog.at, staffId: auditLog.staffId, name: staff.name, email: staff.email })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.recordKind, recordKind), eq(auditLog.recordId, recordId)))
    .orderBy(sql`${auditLog.id} desc`)
    .limit(1);
  if (!row) return { name: EDIT_TEXT.importName, at: fallback };
  return { name: row.staffId ? row.name || row.email || 'a member of staff' : EDIT_TEXT.importName, at: row.at };
}

/** A product as the staff API shows it (404 when there is none). */
export async function staffProduct(db: Database, id: string): Promise<StaffProduct> {
  const [row] = await db
    .select({ p: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) throw new HttpError(404, EDIT_TEXT.notFound);
  return toStaffProduct(row.p, row.category);
}

export function toStaffProduct(p: ProductRow, category: string): StaffProduct {
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    category,
    categoryId: p.categoryId,
    brand: p.brand,
    price: p.price,
    discount: p.discount,
    stock: p.stock,
    images: p.images ?? [],
    specifications: p.specifications ?? [],
    onSale: p.onSale,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
    numRatings: p.numRatings,
    rating: p.rating,
  };
}

/** The stored rows of `ids`, locked until the transaction ends (two saves of one product queue). */
async function lockProducts(tx: Database, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const rows = await tx.select().from(products).where(inArray(products.id, [...ids])).orderBy(asc(sql`${products.id} collate "C"`)).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

async function conflict(db: Database, row: ProductRow): Promise<HttpError> {
  const { name, at } = await lastChange(db, 'product', row.id, row.updatedAt);
  const message = EDIT_TEXT.changedBy('product', name, at);
  const current = await staffProduct(db, row.id);
  return new HttpError(409, message, undefined, { fields: { current } });
}

/** A new product from the form: the importer's checks, 409 when the id is taken. */
export async function createProduct(db: Database, input: Record<string, unknown>, editor: Editor, now = new Date()): Promise<StaffProduct> {
  const checked = await checkOne(db, input);
  if (!checked.ok) throw badFields(checked.fields);
  const record = checked.products[0];
  const row: NewProductRow = {
    id: record._id,
    name: record.name,
    description: record.description,
    categoryId: checked.categoryOf(record.category)!,
    brand: record.brand,
    price: record.price,
    discount: record.discount,
    stock: record.stock,
    images: record.images,
    specifications: record.specifications,
    createdAt: now,
  };
  await inTransaction(db, async (tx) => {
    if ((await lockProducts(tx, [row.id])).size) throw new HttpError(409, EDIT_TEXT.idTaken(row.id));
    await saveEdits(tx, [{ kind: 'create', row, action: 'product.create' }], editor, now);
  });
  return staffProduct(db, row.id);
}

/**
 * A change from the form: the stored product with the changed fields applied is checked as one
 * catalogue row; only the fields named in `changes` that differ from the stored ones are written.
 */
export async function changeProduct(
  db: Database,
  id: string,
  version: number,
  changes: Partial<Record<ChangeField, unknown>>,
  editor: Editor,
  now = new Date(),
): Promise<StaffProduct> {
  await inTransaction(db, async (tx) => {
    const before = (await lockProducts(tx, [id])).get(id);
    if (!before) throw new HttpError(404, EDIT_TEXT.notFound);
    if (before.version !== version) throw await conflict(tx, before);
    const known = await categoryRecords(tx);
    const { onSale, ...fields } = changes;
    const categoryName = known.find((c) => c._id === before.categoryId)?.name ?? before.categoryId;
    const checked = await checkOne(tx, { ...asImportRow(before, categoryName), ...fields, _id: before.id }, known);
    if (!checked.ok) throw badFields(checked.fields);
    const record = checked.products[0];
    const next: Record<string, unknown> = { ...record, category: checked.categoryOf(record.category) };
    const set: Partial<Record<EditField, unknown>> = {};
    for (const field of Object.keys(fields) as EditField[]) {
      const stored = before[COLUMN_OF[field]];
      if (JSON.stringify(stored ?? []) !== JSON.stringify(next[field] ?? [])) set[field] = next[field];
    }
    if (onSale !== undefined && onSale !== before.onSale) set.onSale = onSale;
    await saveEdits(tx, [{ kind: 'change', before, set, action: 'product.update' }], editor, now);
  });
  return staffProduct(db, id);
}

/**
 * The grid's save: every row's price, discount and stock checked by the importer's rules, every
 * version compared, then all written in ONE transaction, or nothing when any row is refused.
 */
export async function bulkChange(
  db: Database,
  rows: readonly { _id: string; version: number; price?: unknown; discount?: unknown; stock?: unknown }[],
  editor: Editor,
  now = new Date(),
): Promise<StaffFigures[]> {
  return inTransaction(db, async (tx) => {
    const stored = await lockProducts(tx, rows.map((r) => r._id));
    const known = await categoryRecords(tx);
    const nameOf = new Map(known.map((c) => [c._id, c.name]));
    const problems: { _id: string; field: string; message: string }[] = [];
    const conflicts: { _id: string; current: Omit<StaffFigures, '_id'> }[] = [];
    const seen = new Set<string>();
    const edits: Edit[] = [];
    for (const r of rows) {
      const before = stored.get(r._id);
      if (seen.has(r._id)) problems.push({ _id: r._id, field: '_id', message: EDIT_TEXT.bulkTwice });
      seen.add(r._id);
      if (!before) {
        problems.push({ _id: r._id, field: '_id', message: EDIT_TEXT.bulkUnknown });
        continue;
      }
      if (before.version !== r.version) {
        conflicts.push({ _id: r._id, current: { version: before.version, price: before.price, discount: before.discount, stock: before.stock } });
        continue;
      }
      const given = Object.fromEntries((['price', 'discount', 'stock'] as const).filter((f) => r[f] !== undefined).map((f) => [f, r[f]]));
      const checked = await checkOne(tx, { ...asImportRow(before, nameOf.get(before.categoryId) ?? before.categoryId), ...given }, known);
      if (!checked.ok) {
        for (const [field, message] of Object.entries(checked.fields)) problems.push({ _id: r._id, field, message });
        continue;
      }
      const record = checked.products[0];
      const set: Partial<Record<EditField, unknown>> = {};
      for (const f of Object.keys(given) as ('price' | 'discount' | 'stock')[]) if (record[f] !== before[f]) set[f] = record[f];
      edits.push({ kind: 'change', before, set, action: 'product.bulk' });
    }
    if (problems.length) throw new HttpError(400, EDIT_TEXT.bulkProblems(problems.length), undefined, { fields: { rows: problems } });
    if (conflicts.length) throw new HttpError(409, EDIT_TEXT.bulkConflicts(conflicts.length), undefined, { fields: { conflicts } });
    await saveEdits(tx, edits, editor, now);
    const after = await tx.select({ _id: products.id, version: products.version, price: products.price, discount: products.discount, stock: products.stock }).from(products).where(inArray(products.id, rows.map((r) => r._id)));
    const byId = new Map(after.map((a) => [a._id, a]));
    return rows.map((r) => byId.get(r._id)!);
  });
}
