/**
 * Product and review rows as the API gives them: the one product query every read starts from
 * (products joined to their category), its shaping into `Product`, and the written reviews and
 * their counts attached to a page of products.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import { starsOf } from '#lib/ratings.ts';
import type { Product, Review } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products, reviews, type ProductRow, type ReviewRow } from '#server/db/schema.ts';

/** A product row with its category's name, as productsWithCategory selects it. */
export type ProductWithCategory = Omit<ProductRow, 'updatedAt' | 'version' | 'onSale' | SearchColumn> & { category: string };
/** What search reads (src/lib/search/tokens.ts), never shown. */
type SearchColumn = 'searchName' | 'searchBrand' | 'searchCategory' | 'searchMore' | 'searchRule';

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

/** The columns of a ProductWithCategory. */
export const productColumns = {
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

/**
 * The shop's reads see only products on sale: one taken off sale by an editor is, to a shopper,
 * gone (no page, not listed, not counted, cannot be ordered), while the orders naming it keep
 * their lines. Nearly every product is on sale, so the condition costs the plans nothing.
 */
export const onSale = eq(products.onSale, true);

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

/**
 * How many written reviews each of the given products shows (hidden ones are out of the shop), in
 * one grouped query (products without any are left out). Counted for the page of products asked for rather than in the
 * product query: a count in its select list runs for every row an OFFSET skips as well.
 */
async function writtenReviewCounts(db: Database, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: reviews.productId, n: count() })
    .from(reviews)
    .where(and(inArray(reviews.productId, productIds), isNull(reviews.hiddenAt)))
    .groupBy(reviews.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.n)]));
}

/** Rows as the API gives them, each with its written-review count. */
export async function toProducts(db: Database, rows: ProductWithCategory[]): Promise<Product[]> {
  const counts = await writtenReviewCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProduct(r, counts.get(r.id) ?? 0));
}

/** The shown reviews of several products (staff may hide a review), newest first, in one query. */
export async function reviewsFor(db: Database, productIds: string[]): Promise<Map<string, Review[]>> {
  const map = new Map<string, Review[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(reviews)
    .where(and(inArray(reviews.productId, productIds), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), asc(reviews.id));
  for (const row of rows) {
    const list = map.get(row.productId) ?? [];
    list.push(toReview(row));
    map.set(row.productId, list);
  }
  return map;
}
