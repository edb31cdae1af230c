/**
 * Every SQL statement of the catalogue. Routes, the seed, the import and the generator go through
 * here; nothing else touches the catalogue tables.
 *
 * Orders are deterministic and identical on PGlite and PostgreSQL: text ties are compared with
 * `collate "C"` (byte order, as JavaScript compares strings), names sort case-insensitively.
 * "price" in filters and sorts is the sale price, `price - discount`: what the shopper pays.
 */
import { and, asc, count, desc, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { PLACEHOLDER_IMAGE } from '../../lib/images.ts';
import {
  RELATED_PRODUCTS_COUNT,
  type Category,
  type CategoryInput,
  type ProductRecord,
  type Pagination,
  type Product,
  type ProductDetail,
  type ProductQuery,
  type Review,
} from '../../lib/schemas.ts';
import { NO_RATINGS, type RatingsByStar } from '../../features/reviews/ratings.ts';
import type { Database } from '../db/client.ts';
import { categories, products, reviews, type NewProductRow } from '../db/schema.ts';

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  category: categories.name,
  brand: products.brand,
  price: products.price,
  discount: products.discount,
  stock: products.stock,
  rating: products.rating,
  numRatings: products.numRatings,
  ratings1: products.ratings1,
  ratings2: products.ratings2,
  ratings3: products.ratings3,
  ratings4: products.ratings4,
  ratings5: products.ratings5,
  images: products.images,
  specifications: products.specifications,
  createdAt: products.createdAt,
};

/** What the API lists: the columns, plus how many written reviews each product has. */
const listedColumns = {
  ...productColumns,
  numWrittenReviews: sql<number>`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id})`.mapWith(Number),
};

type ProductSelect = {
  id: string;
  name: string;
  description: string;
  categoryId: string;
  category: string;
  brand: string;
  price: number;
  discount: number;
  stock: number;
  rating: number;
  numRatings: number;
  ratings1: number;
  ratings2: number;
  ratings3: number;
  ratings4: number;
  ratings5: number;
  numWrittenReviews: number;
  images: string[];
  specifications: { name: string; value: string }[];
  createdAt: Date;
};

export function toProduct(row: ProductSelect): Product {
  const images = Array.isArray(row.images) ? row.images : [];
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    categoryId: row.categoryId,
    brand: row.brand,
    price: row.price,
    discount: row.discount,
    stock: row.stock,
    rating: row.rating,
    numRatings: row.numRatings,
    ratingsByStar: { '1': row.ratings1, '2': row.ratings2, '3': row.ratings3, '4': row.ratings4, '5': row.ratings5 },
    numWrittenReviews: row.numWrittenReviews,
    images,
    image: images[0] ?? PLACEHOLDER_IMAGE,
    specifications: Array.isArray(row.specifications) ? row.specifications : [],
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReview(row: { id: string; userName: string; rating: number; comment: string; createdAt: Date }): Review {
  return { _id: row.id, userName: row.userName, rating: row.rating, comment: row.comment, date: row.createdAt.toISOString() };
}

const byId = sql`${products.id} collate "C"`;
const salePrice = sql`(${products.price} - ${products.discount})`;
const SORT_EXPRESSIONS = {
  createdAt: products.createdAt,
  price: salePrice,
  rating: products.rating,
  name: sql`lower(${products.name}) collate "C"`,
} as const;

/** A category by id, or by name ignoring case. */
export async function findCategory(db: Database, idOrName: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(or(eq(categories.id, idOrName), sql`lower(${categories.name}) = lower(${idOrName})`))
    .orderBy(sql`${categories.id} = ${idOrName} desc`)
    .limit(1);
  return row;
}

/** Categories in display order, each with the number of its products. */
export async function listCategories(db: Database): Promise<Category[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      images: categories.images,
      productCount: sql<number>`(select count(*) from "products" p where p."category_id" = "categories"."id")`.mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.position), sql`${categories.name} collate "C"`);
  return rows.map((r) => ({ _id: r.id, name: r.name, description: r.description, images: r.images ?? [], productCount: r.productCount }));
}

export interface ProductList {
  products: Product[];
  pagination: Pagination;
}

export type ListOptions = Omit<ProductQuery, 'category'> & {
  /** A category id; resolve names with findCategory first. */
  categoryId?: string;
};

export function paginate(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** One page of products with filters and a stable order; reviews attached with one extra query. */
export async function listProducts(db: Database, q: ListOptions): Promise<ProductList> {
  const where: SQL[] = [];
  if (q.categoryId !== undefined) where.push(eq(products.categoryId, q.categoryId));
  // Sale prices are whole rupees, so fractional bounds round inwards.
  if (q.minPrice !== undefined) where.push(sql`${salePrice} >= ${Math.ceil(q.minPrice)}`);
  if (q.maxPrice !== undefined) where.push(sql`${salePrice} <= ${Math.floor(q.maxPrice)}`);
  if (q.rating !== undefined) where.push(gte(products.rating, q.rating));
  const condition = where.length ? and(...where) : undefined;

  const direction = q.sortOrder === 'asc' ? asc : desc;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(condition),
    db
      .select(listedColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(condition)
      .orderBy(direction(SORT_EXPRESSIONS[q.sortBy]), direction(byId))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const list = rows.map(toProduct);
  if (q.include === 'reviews') {
    const byProduct = await reviewsFor(
      db,
      list.map((p) => p._id),
    );
    for (const p of list) p.reviews = byProduct.get(p._id) ?? [];
  }
  return { products: list, pagination: paginate(q.page, q.limit, Number(total)) };
}

/** Reviews of several products, newest first, in one query. */
export async function reviewsFor(db: Database, productIds: string[]): Promise<Map<string, Review[]>> {
  const map = new Map<string, Review[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(reviews)
    .where(inArray(reviews.productId, productIds))
    .orderBy(desc(reviews.createdAt), asc(reviews.id));
  for (const row of rows) {
    const list = map.get(row.productId) ?? [];
    list.push(toReview(row));
    map.set(row.productId, list);
  }
  return map;
}

/**
 * 'You might also like', in the order of src/features/catalog/related.ts: same category first,
 * then in stock, higher rating, newer, id.
 */
export async function relatedProducts(
  db: Database,
  product: { _id: string; categoryId: string },
  limit = RELATED_PRODUCTS_COUNT,
): Promise<Product[]> {
  const rows = await db
    .select(listedColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(ne(products.id, product._id))
    .orderBy(
      sql`(${products.categoryId} = ${product.categoryId}) desc`,
      sql`(${products.stock} > 0) desc`,
      desc(products.rating),
      desc(products.createdAt),
      asc(byId),
    )
    .limit(limit);
  return rows.map(toProduct);
}

/** A product with its reviews (newest first) and related products, or undefined. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail | undefined> {
  const [row] = await db
    .select(listedColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return undefined;
  const product = toProduct(row);
  const [byProduct, related] = await Promise.all([reviewsFor(db, [id]), relatedProducts(db, product)]);
  return { ...product, reviews: byProduct.get(id) ?? [], relatedProducts: related };
}

/**
 * A short hash that changes whenever any category, product or review is added, changed or
 * removed: counts, latest timestamps and a sum of per-row hashes (catches delete + re-add).
 */
export async function catalogVersion(db: Database): Promise<string> {
  const rowHash = (table: SQL, stamp: SQL) =>
    sql`(select count(*)::text || '/' || coalesce(max(${stamp})::text, '') || '/' || coalesce(sum(hashtext(id::text || '@' || ${stamp}::text)::bigint), 0)::text from ${table})`;
  const result = await db.execute(
    sql`select ${rowHash(sql`categories`, sql`updated_at`)} as c, ${rowHash(sql`products`, sql`updated_at`)} as p, ${rowHash(sql`reviews`, sql`created_at`)} as r`,
  );
  const [row] = (result as unknown as { rows: Record<string, string>[] }).rows;
  return createHash('sha256').update(`${row.c}|${row.p}|${row.r}`).digest('hex').slice(0, 12);
}

/** Every product id, for the import's "new or updated" count and the export. */
export async function countProducts(db: Database): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  return Number(n);
}

// ---------------------------------------------------------------------------------------------
// Writes: seed, import and generator. Callers pass a transaction when they need all-or-nothing.


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
    createdAt: record.createdAt ? new Date(record.createdAt) : now,
    updatedAt: now,
  };
}

export async function insertCategories(db: Database, list: readonly CategoryInput[], firstPosition = 0): Promise<void> {
  if (list.length === 0) return;
  const now = new Date();
  await db.insert(categories).values(
    list.map((c, i) => ({
      id: c._id.trim(),
      name: c.name.trim(),
      description: (c.description ?? '').trim(),
      images: c.images ?? [],
      position: firstPosition + i,
      createdAt: now,
      updatedAt: now,
    })),
  );
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
      insert into products (id, name, description, category_id, brand, price, discount, stock, ratings_1,
        ratings_2, ratings_3, ratings_4, ratings_5, images, specifications, created_at, updated_at)
      select x.id, x.name, coalesce(x.description, ''), x."categoryId", coalesce(x.brand, ''), x.price,
        coalesce(x.discount, 0), coalesce(x.stock, 0), coalesce(x.ratings1, 0), coalesce(x.ratings2, 0),
        coalesce(x.ratings3, 0), coalesce(x.ratings4, 0), coalesce(x.ratings5, 0),
        coalesce(x.images, '[]'::jsonb), coalesce(x.specifications, '[]'::jsonb), x."createdAt", x."updatedAt"
      from json_to_recordset(${JSON.stringify(chunk)}::json) as x(id text, name text, description text,
        "categoryId" text, brand text, price integer, discount integer, stock integer, ratings1 integer,
        ratings2 integer, ratings3 integer, ratings4 integer, ratings5 integer, images jsonb,
        specifications jsonb, "createdAt" timestamptz, "updatedAt" timestamptz)`);
  }
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
  const set = {
    name: sql`excluded.name`,
    description: sql`excluded.description`,
    categoryId: sql`excluded.category_id`,
    brand: sql`excluded.brand`,
    price: sql`excluded.price`,
    discount: sql`excluded.discount`,
    stock: sql`excluded.stock`,
    images: sql`excluded.images`,
    specifications: sql`excluded.specifications`,
    updatedAt: sql`excluded.updated_at`,
  };
  const ratings = {
    ratings1: sql`excluded.ratings_1`,
    ratings2: sql`excluded.ratings_2`,
    ratings3: sql`excluded.ratings_3`,
    ratings4: sql`excluded.ratings_4`,
    ratings5: sql`excluded.ratings_5`,
  };
  for (const keepDate of [false, true]) {
    for (const keepStars of [false, true]) {
      const part = rows.filter((r) => keepCreatedAt.has(r.id) === keepDate && keepRatings.has(r.id) === keepStars);
      const update = { ...set, ...(keepDate ? {} : { createdAt: sql`excluded.created_at` }), ...(keepStars ? {} : ratings) };
      for (let i = 0; i < part.length; i += batch) {
        await db.insert(products).values(part.slice(i, i + batch)).onConflictDoUpdate({ target: products.id, set: update });
      }
    }
  }
}

export async function insertReviews(
  db: Database,
  list: readonly { productId: string; userName: string; rating: number; comment: string; date: string }[],
  batch = INSERT_BATCH,
): Promise<void> {
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
  const rows = await db
    .select(productColumns)
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
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The stars of the written reviews of the given products, for those that have any. */
export async function writtenReviewStars(db: Database, ids: readonly string[]): Promise<Map<string, RatingsByStar>> {
  const found = new Map<string, RatingsByStar>();
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const rows = await db
      .select({ productId: reviews.productId, stars: reviews.rating, n: count() })
      .from(reviews)
      .where(inArray(reviews.productId, ids.slice(i, i + INSERT_BATCH)))
      .groupBy(reviews.productId, reviews.rating);
    for (const r of rows) {
      const byStar = found.get(r.productId) ?? { ...NO_RATINGS };
      byStar[String(r.stars) as keyof RatingsByStar] += Number(r.n);
      found.set(r.productId, byStar);
    }
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
