/**
 * The catalogue's bulk writes, for the seed, the import and the generator, and the whole-table
 * reads they need (the export, which ids exist). The API's reads are in reads.ts. Callers pass a
 * transaction (inTransaction) when they need all or nothing.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CategoryInput, ProductRecord, ReviewInputSchema } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products, reviews, type NewProductRow } from '#server/db/schema.ts';
import { byId, productsWithCategory } from './reads.ts';

type NewCategoryRow = typeof categories.$inferInsert;

/** Rows per INSERT: 14 columns × 1000 stays far below PostgreSQL's 65,535 parameters. */
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
    rating: record.rating,
    numReviews: record.numReviews,
    images: record.images,
    specifications: record.specifications,
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

/** Inserts or updates categories by id: a new one goes after the existing ones, a known one keeps its place. */
export async function upsertCategories(db: Database, list: readonly CategoryInput[], now = new Date()): Promise<void> {
  if (list.length === 0) return;
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)`.mapWith(Number) })
    .from(categories);
  await db
    .insert(categories)
    .values(list.map((c, i) => toCategoryRow(c, next + i, now)))
    .onConflictDoUpdate({
      target: categories.id,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, images: sql`excluded.images`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Plain inserts (ids must be new). Each batch travels as ONE json parameter expanded by
 * json_to_recordset: binding 14 parameters a row is what makes large multi-row inserts slow,
 * on PGlite especially.
 */
export async function insertProducts(db: Database, rows: readonly NewProductRow[], batch = BULK_BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch).map((r) => ({
      ...r,
      createdAt: (r.createdAt ?? new Date()).toISOString(),
      updatedAt: (r.updatedAt ?? new Date()).toISOString(),
    }));
    await db.execute(sql`
      insert into products (id, name, description, category_id, brand, price, discount, stock, rating,
        num_reviews, images, specifications, created_at, updated_at)
      select x.id, x.name, coalesce(x.description, ''), x."categoryId", coalesce(x.brand, ''), x.price,
        coalesce(x.discount, 0), coalesce(x.stock, 0), coalesce(x.rating, 0), coalesce(x."numReviews", 0),
        coalesce(x.images, '[]'::jsonb), coalesce(x.specifications, '[]'::jsonb), x."createdAt", x."updatedAt"
      from json_to_recordset(${JSON.stringify(chunk)}::json) as x(id text, name text, description text,
        "categoryId" text, brand text, price integer, discount integer, stock integer, rating real,
        "numReviews" integer, images jsonb, specifications jsonb, "createdAt" timestamptz, "updatedAt" timestamptz)`);
  }
}

/**
 * Inserts or updates by id. A row whose record had no createdAt keeps its stored creation date
 * (`keepCreatedAt`), so re-importing a file without dates does not reshuffle "New Arrivals".
 */
export async function upsertProducts(
  db: Database,
  rows: readonly NewProductRow[],
  keepCreatedAt: ReadonlySet<string> = new Set(),
  batch = INSERT_BATCH,
): Promise<void> {
  const set = {
    name: sql`excluded.name`,
    description: sql`excluded.description`,
    categoryId: sql`excluded.category_id`,
    brand: sql`excluded.brand`,
    price: sql`excluded.price`,
    discount: sql`excluded.discount`,
    stock: sql`excluded.stock`,
    rating: sql`excluded.rating`,
    numReviews: sql`excluded.num_reviews`,
    images: sql`excluded.images`,
    specifications: sql`excluded.specifications`,
    updatedAt: sql`excluded.updated_at`,
  };
  for (const keep of [false, true]) {
    const part = rows.filter((r) => keepCreatedAt.has(r.id) === keep);
    for (let i = 0; i < part.length; i += batch) {
      await db
        .insert(products)
        .values(part.slice(i, i + batch))
        .onConflictDoUpdate({ target: products.id, set: keep ? set : { ...set, createdAt: sql`excluded.created_at` } });
    }
  }
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

/** Every product as an import record (category by name), ordered by id. */
export async function productRecords(db: Database): Promise<ProductRecord[]> {
  const rows = await productsWithCategory(db).orderBy(asc(byId));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    brand: r.brand,
    price: r.price,
    discount: r.discount,
    stock: r.stock,
    rating: r.rating,
    numReviews: r.numReviews,
    images: r.images ?? [],
    specifications: r.specifications ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
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
