/**
 * The catalogue's bulk writes, for the seed, the import and the generator, and the whole-table
 * reads they need (the export, which ids exist). The API's reads are in reads.ts,
 * list-products.ts and product-rows.ts. Callers pass a transaction (inTransaction) when they need
 * all or nothing.
 */
import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { NO_RATINGS, type RatingsByStar } from '#lib/ratings.ts';
import type { CategoryInput, ProductRecord, ReviewInputSchema } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products, reviews, type NewProductRow, type ProductRow } from '#server/db/schema.ts';
import { byId, productColumns } from './product-rows.ts';
import { categoryNames, recordSearchTerms, remakeSearchColumns, searchColumns, textArray, tokensOf } from './search-columns.ts';

type NewCategoryRow = typeof categories.$inferInsert;

/** Rows per INSERT: 17 columns × 1000 stays far below PostgreSQL's 65,535 parameters. */
export const INSERT_BATCH = 1000;
/** Rows per json_to_recordset insert. */
export const BULK_BATCH = 5000;

export function toProductRow(record: ProductRecord, categoryId: string, now: Date): NewProductRow {
  return {
    id: record._id,
    name: record.name,
    description: record.description,
    categoryId,
    brand: record.brand,
    price: record.price,
    discount: record.discount,
    stock: record.stock,
    ratings1: record.ratings1 ?? 0,
    ratings2: record.ratings2 ?? 0,
    ratings3: record.ratings3 ?? 0,
    ratings4: record.ratings4 ?? 0,
    ratings5: record.ratings5 ?? 0,
    images: record.images,
    specifications: record.specifications,
    onSale: record.onSale ?? true,
    createdAt: record.createdAt ? new Date(record.createdAt) : now,
    updatedAt: now,
  };
}

function toCategoryRow(category: CategoryInput, position: number, now: Date): NewCategoryRow {
  return {
    id: category._id.trim(),
    name: category.name.trim(),
    description: (category.description ?? '').trim(),
    images: category.images ?? [],
    position,
    createdAt: now,
    updatedAt: now,
  };
}

/** Inserts new categories in the order given (ids must be new). */
export async function insertCategories(db: Database, list: readonly CategoryInput[]): Promise<void> {
  if (list.length === 0) return;
  const now = new Date();
  await db.insert(categories).values(list.map((c, i) => toCategoryRow(c, i, now)));
}

/**
 * Inserts or updates categories by id: a new one goes after the existing ones, a known one keeps its
 * place; a known one the list changes has its version raised, one it leaves as it is is not written.
 */
export async function upsertCategories(db: Database, list: readonly CategoryInput[], now = new Date()): Promise<void> {
  if (list.length === 0) return;
  const namesBefore = await categoryNames(db);
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)`.mapWith(Number) })
    .from(categories);
  await db
    .insert(categories)
    .values(list.map((c, i) => toCategoryRow(c, next + i, now)))
    .onConflictDoUpdate({
      target: categories.id,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, images: sql`excluded.images`, updatedAt: sql`excluded.updated_at`, version: sql`${categories.version} + 1` },
      // A category the file leaves as it is keeps its version (an editor's open form stays valid).
      setWhere: sql`(${categories.name}, ${categories.description}, ${categories.images}) is distinct from (excluded.name, excluded.description, excluded.images)`,
    });
  // A renamed category's products are searched by its new name (search-columns.ts).
  const renamed = list.map((c) => c._id.trim()).filter((id, i) => namesBefore.has(id) && namesBefore.get(id) !== list[i].name.trim());
  if (renamed.length) await remakeSearchColumns(db, sql`p.category_id = any(${textArray(renamed)})`);
}

/**
 * Plain inserts (ids must be new). Each batch travels as ONE json parameter expanded by
 * json_to_recordset: binding 14 parameters a row is what makes large multi-row inserts slow,
 * on PGlite especially.
 */
export async function insertProducts(db: Database, rows: readonly NewProductRow[], batch = BULK_BATCH): Promise<void> {
  if (rows.length === 0) return;
  // Search tokens are made with the category's name (search-columns.ts).
  const names = await categoryNames(db);
  const terms = new Set<string>();
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch).map((r) => {
      const search = searchColumns({ name: r.name, brand: r.brand ?? '', description: r.description ?? '', category: names.get(r.categoryId) ?? '' });
      for (const t of tokensOf([search])) terms.add(t);
      return {
        ...r,
        ...search,
        createdAt: (r.createdAt ?? new Date()).toISOString(),
        updatedAt: (r.updatedAt ?? new Date()).toISOString(),
      };
    });
    await db.execute(sql`
      insert into products (id, name, description, category_id, brand, price, discount, stock, ratings_1,
        ratings_2, ratings_3, ratings_4, ratings_5, images, specifications, on_sale, created_at, updated_at,
        search_name, search_brand, search_category, search_more, search_rule)
      select x.id, x.name, coalesce(x.description, ''), x."categoryId", coalesce(x.brand, ''), x.price,
        coalesce(x.discount, 0), coalesce(x.stock, 0), coalesce(x.ratings1, 0), coalesce(x.ratings2, 0),
        coalesce(x.ratings3, 0), coalesce(x.ratings4, 0), coalesce(x.ratings5, 0),
        coalesce(x.images, '[]'::jsonb), coalesce(x.specifications, '[]'::jsonb), coalesce(x."onSale", true), x."createdAt", x."updatedAt",
        x."searchName", x."searchBrand", x."searchCategory", x."searchMore", x."searchRule"
      from json_to_recordset(${JSON.stringify(chunk)}::json) as x(id text, name text, description text,
        "categoryId" text, brand text, price integer, discount integer, stock integer, ratings1 integer,
        ratings2 integer, ratings3 integer, ratings4 integer, ratings5 integer, images jsonb,
        specifications jsonb, "onSale" boolean, "createdAt" timestamptz, "updatedAt" timestamptz,
        "searchName" text[], "searchBrand" text[], "searchCategory" text[], "searchMore" text[], "searchRule" integer)`);
  }
  await recordSearchTerms(db, terms);
}

/**
 * A turn of the event loop. The embedded database runs each statement on this thread and a chain
 * of awaited statements never lets timers or sockets in, so a store importing a large file while it
 * serves would answer nothing (pages, cached replies) until the whole import was done.
 */
const betweenBatches = () => new Promise<void>((done) => setImmediate(done));

/** For an upsert's update: each of the given product columns set to the value the insert offered. */
function fromExcluded(keys: readonly (keyof NewProductRow)[]): Record<string, SQL> {
  const columns = getTableColumns(products);
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key].name}"`)]));
}

/**
 * Inserts or updates by id. A row whose record had no createdAt keeps its stored creation date
 * (`keepCreatedAt`), so re-importing a file without dates does not reshuffle "New Arrivals";
 * a row whose record gave no ratings keeps the stored ones (`keepRatings`): shoppers' ratings
 * are not wiped by a file that leaves them out.
 */
export async function upsertProducts(
  db: Database,
  rows: readonly NewProductRow[],
  keepCreatedAt: ReadonlySet<string> = new Set(),
  keepRatings: ReadonlySet<string> = new Set(),
  batch = INSERT_BATCH,
): Promise<void> {
  const set = fromExcluded(['name', 'description', 'categoryId', 'brand', 'price', 'discount', 'stock', 'images', 'specifications', 'onSale', 'updatedAt', 'searchName', 'searchBrand', 'searchCategory', 'searchMore', 'searchRule']);
  const names = await categoryNames(db);
  const searched = rows.map((r) => ({ ...r, ...searchColumns({ name: r.name, brand: r.brand ?? '', description: r.description ?? '', category: names.get(r.categoryId) ?? '' }) }));
  const ratings = fromExcluded(['ratings1', 'ratings2', 'ratings3', 'ratings4', 'ratings5']);
  for (const keepDate of [false, true]) {
    for (const keepStars of [false, true]) {
      const part = searched.filter((r) => keepCreatedAt.has(r.id) === keepDate && keepRatings.has(r.id) === keepStars);
      const update = { ...set, ...(keepDate ? {} : fromExcluded(['createdAt'])), ...(keepStars ? {} : ratings) };
      for (let i = 0; i < part.length; i += batch) {
        await db.insert(products).values(part.slice(i, i + batch)).onConflictDoUpdate({ target: products.id, set: update });
        await betweenBatches();
      }
    }
  }
  await recordSearchTerms(db, tokensOf(searched));
}

export async function insertReviews(db: Database, list: readonly z.output<typeof ReviewInputSchema>[], batch = INSERT_BATCH): Promise<void> {
  for (let i = 0; i < list.length; i += batch) {
    await db.insert(reviews).values(
      list.slice(i, i + batch).map((r) => ({
        productId: r.productId,
        userName: r.userName,
        rating: r.rating,
        comment: r.comment,
        createdAt: new Date(r.date),
      })),
    );
  }
}

/** Removes every product (and, by cascade, their reviews). */
export async function deleteAllProducts(db: Database): Promise<void> {
  await db.delete(products);
}

export async function hasCategories(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).limit(1);
  return row !== undefined;
}

/** Categories as import files carry them, in display order. */
export async function categoryRecords(db: Database): Promise<{ _id: string; name: string; description: string; images: string[] }[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position), sql`${categories.id} collate "C"`);
  return rows.map((c) => ({ _id: c.id, name: c.name, description: c.description, images: c.images ?? [] }));
}

/** Every product, on sale or not, as an import record (category by name), ordered by id. */
export async function productRecords(db: Database): Promise<ProductRecord[]> {
  const rows = await db
    .select({ ...productColumns, onSale: products.onSale })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(byId));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    brand: r.brand,
    price: r.price,
    discount: r.discount,
    stock: r.stock,
    ratings1: r.ratings1,
    ratings2: r.ratings2,
    ratings3: r.ratings3,
    ratings4: r.ratings4,
    ratings5: r.ratings5,
    images: r.images ?? [],
    specifications: r.specifications ?? [],
    onSale: r.onSale,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The stars of the shown written reviews of the given products (a hidden one's star is out of the counts), for those that have any. */
export async function writtenReviewStars(db: Database, ids: readonly string[]): Promise<Map<string, RatingsByStar>> {
  const found = new Map<string, RatingsByStar>();
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const rows = await db
      .select({ productId: reviews.productId, stars: reviews.rating, n: count() })
      .from(reviews)
      .where(and(inArray(reviews.productId, ids.slice(i, i + INSERT_BATCH)), isNull(reviews.hiddenAt)))
      .groupBy(reviews.productId, reviews.rating);
    for (const r of rows) {
      const byStar = found.get(r.productId) ?? { ...NO_RATINGS };
      byStar[String(r.stars) as keyof RatingsByStar] += Number(r.n);
      found.set(r.productId, byStar);
    }
  }
  return found;
}

/** The stored rows of the given products that exist, by id. */
export async function storedProductRows(db: Database, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const rows = await db.select().from(products).where(inArray(products.id, ids.slice(i, i + INSERT_BATCH)));
    for (const r of rows) found.set(r.id, r);
  }
  return found;
}

/** Ids of the given products that already exist. */
export async function existingProductIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids.slice(i, i + INSERT_BATCH)));
    for (const r of rows) found.add(r.id);
  }
  return found;
}
