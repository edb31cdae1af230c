/**
 * The catalogue as the API reads it. The bulk writes of the seed, the import and the generator
 * are in bulk.ts; nothing else touches the catalogue tables.
 *
 * Orders are deterministic and identical on PGlite and PostgreSQL: text ties are compared with
 * `collate "C"` (byte order, as JavaScript compares strings), names sort case-insensitively.
 * "price" in filters and sorts is the sale price, `price - discount`: what the shopper pays.
 */
import { and, asc, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { categoryLookup } from '#lib/category-lookup.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import type { LiveProduct } from '#lib/live-figures.ts';
import { starsOf } from '#lib/ratings.ts';
import { RELATED_ORDER, type RelatedKey } from '#lib/related.ts';
import {
  RELATED_PRODUCTS_COUNT,
  type Category,
  type Pagination,
  type Product,
  type ProductDetail,
  type ProductQuery,
  type Review,
} from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products, reviews, type ProductRow, type ReviewRow } from '#server/db/schema.ts';
import { relevanceScore, searchCondition } from './search.ts';

/** A product row with its category's name, as productsWithCategory selects it. */
export type ProductWithCategory = Omit<ProductRow, 'updatedAt'> & { category: string };

/** A product's rating, its ratings count and the per-star counts the database generates them from. */
export const ratingColumns = {
  rating: products.rating,
  numRatings: products.numRatings,
  ratings1: products.ratings1,
  ratings2: products.ratings2,
  ratings3: products.ratings3,
  ratings4: products.ratings4,
  ratings5: products.ratings5,
};

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
  ...ratingColumns,
  images: products.images,
  specifications: products.specifications,
  createdAt: products.createdAt,
} satisfies Record<keyof ProductWithCategory, unknown>;

/** Products joined to their category: the one query every product read starts from. */
export function productsWithCategory(db: Database) {
  return db.select(productColumns).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
}

/** A row as the API gives it, with how many written reviews the product has. */
export function toProduct(row: ProductWithCategory, numWrittenReviews: number): Product {
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
    ratingsByStar: starsOf(row),
    numWrittenReviews,
    images,
    image: images[0] ?? PLACEHOLDER_IMAGE,
    specifications: Array.isArray(row.specifications) ? row.specifications : [],
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReview(row: ReviewRow): Review {
  return { _id: row.id, userName: row.userName, rating: row.rating, comment: row.comment, date: row.createdAt.toISOString() };
}

/** Product ids in byte order, the tie-breaker of every product order. */
export const byId = sql`${products.id} collate "C"`;
const salePrice = sql`(${products.price} - ${products.discount})`;
const SORT_EXPRESSIONS = {
  createdAt: products.createdAt,
  relevance: products.createdAt, // without search words: the newest first
  price: salePrice,
  rating: products.rating,
  name: sql`lower(${products.name}) collate "C"`,
} as const;

/** The category a URL or query names (see categoryLookup), or undefined. */
export async function findCategory(db: Database, idOrName: string): Promise<{ id: string; name: string } | undefined> {
  const all = await db.select({ _id: categories.id, name: categories.name }).from(categories);
  const id = categoryLookup(all)(idOrName);
  const found = all.find((c) => c._id === id);
  return found && { id: found._id, name: found.name };
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

/**
 * The order of a listing: the sort asked for, then the id the same way (a total order, so pages
 * never overlap); a search without a sort, or sorted by relevance, ranks as search-rank.ts says.
 */
function listOrder(q: ListOptions): SQL[] {
  const score = relevanceScore(q.q);
  const sortBy = q.sortBy ?? (score ? 'relevance' : 'createdAt');
  if (sortBy === 'relevance' && score) {
    return [desc(score), desc(sql`${products.stock} > 0`), desc(products.rating), asc(sql`${products.name} collate "C"`), asc(byId)];
  }
  const direction = q.sortOrder === 'asc' && sortBy !== 'relevance' ? asc : desc;
  return [direction(SORT_EXPRESSIONS[sortBy]), direction(byId)];
}

/** One page of products with filters, search words and a stable order; reviews attached with one extra query. */
export async function listProducts(db: Database, q: ListOptions): Promise<ProductList> {
  const where: SQL[] = [];
  if (q.categoryId !== undefined) where.push(eq(products.categoryId, q.categoryId));
  // Sale prices are whole rupees, so fractional bounds round inwards.
  if (q.minPrice !== undefined) where.push(sql`${salePrice} >= ${Math.ceil(q.minPrice)}`);
  if (q.maxPrice !== undefined) where.push(sql`${salePrice} <= ${Math.floor(q.maxPrice)}`);
  if (q.rating !== undefined) where.push(gte(products.rating, q.rating));
  // The search words (search.ts) also look at the category's name, hence the join in the count.
  const search = searchCondition(q.q);
  if (search) where.push(search);
  const condition = where.length ? and(...where) : undefined;

  const order = listOrder(q);
  const page = () =>
    productsWithCategory(db)
      .where(condition)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  const countAll = async () =>
    Number((await db.select({ total: count() }).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(condition))[0].total);
  let rows: ProductWithCategory[];
  let total: number;
  if (search) {
    // Matching words is the costly part (a scan of every row's text), so a search counts its
    // matches in the same scan (a window count) rather than scanning twice; only a page past
    // the end, which carries no row to read the count from, counts apart.
    const withTotal = await db
      .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(condition)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    rows = withTotal.map(({ total: _, ...row }) => row);
    total = withTotal[0]?.total ?? (q.page > 1 ? await countAll() : 0);
  } else {
    [total, rows] = await Promise.all([countAll(), page()]);
  }
  let list: Product[];
  if (q.include === 'reviews') {
    const byProduct = await reviewsFor(
      db,
      rows.map((r) => r.id),
    );
    list = rows.map((r) => {
      const written = byProduct.get(r.id) ?? [];
      return { ...toProduct(r, written.length), reviews: written };
    });
  } else {
    list = await toProducts(db, rows);
  }
  return { products: list, pagination: paginate(q.page, q.limit, total) };
}

/**
 * How many written reviews each of the given products has, in one grouped query (products
 * without any are left out). Counted for the page of products asked for rather than in the
 * product query: a count in its select list runs for every row an OFFSET skips as well.
 */
async function writtenReviewCounts(db: Database, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: reviews.productId, n: count() })
    .from(reviews)
    .where(inArray(reviews.productId, productIds))
    .groupBy(reviews.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.n)]));
}

/** Rows as the API gives them, each with its written-review count. */
async function toProducts(db: Database, rows: ProductWithCategory[]): Promise<Product[]> {
  const counts = await writtenReviewCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProduct(r, counts.get(r.id) ?? 0));
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

/** Each key of RELATED_ORDER as SQL over the products table. */
const RELATED_SQL: Record<RelatedKey, SQL> = {
  inStock: sql`(${products.stock} > 0)`,
  rating: sql`${products.rating}`,
  createdAt: sql`${products.createdAt}`,
  id: byId,
};

/** 'You might also like': products of the same category first, then the rest, each in RELATED_ORDER. */
export async function relatedProducts(
  db: Database,
  product: { _id: string; categoryId: string },
  limit = RELATED_PRODUCTS_COUNT,
): Promise<Product[]> {
  const rows = await productsWithCategory(db)
    .where(ne(products.id, product._id))
    .orderBy(
      sql`(${products.categoryId} = ${product.categoryId}) desc`,
      ...RELATED_ORDER.map(([key, direction]) => (direction === 'desc' ? desc : asc)(RELATED_SQL[key])),
    )
    .limit(limit);
  return toProducts(db, rows);
}

/** A product with its reviews (newest first) and related products, or undefined. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail | undefined> {
  const [row] = await productsWithCategory(db).where(eq(products.id, id)).limit(1);
  if (!row) return undefined;
  const [byProduct, related] = await Promise.all([reviewsFor(db, [id]), relatedProducts(db, { _id: row.id, categoryId: row.categoryId })]);
  const written = byProduct.get(id) ?? [];
  return { ...toProduct(row, written.length), reviews: written, relatedProducts: related };
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

/** How many products the catalogue holds. */
export async function countProducts(db: Database): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  return Number(n);
}

/** Price, discount and stock of the given products the catalogue knows, in the order asked. */
export async function liveFigures(db: Database, ids: readonly string[]): Promise<LiveProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ _id: products.id, price: products.price, discount: products.discount, stock: products.stock })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((r) => [r._id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
