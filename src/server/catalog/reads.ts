/**
 * The catalogue as the API reads it: categories, one product with its reviews and related
 * products, the catalogue's version and live figures. Listings are in list-products.ts, the
 * shaping of rows in product-rows.ts. The bulk writes of the seed, the import and the generator
 * are in bulk.ts; nothing else touches the catalogue tables.
 *
 * Orders are deterministic and identical on PGlite and PostgreSQL: text ties are compared with
 * `collate "C"` (byte order, as JavaScript compares strings).
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { categoryLookup } from '#lib/category-lookup.ts';
import type { LiveProduct } from '#lib/live-figures.ts';
import { RELATED_ORDER, type RelatedKey } from '#lib/related.ts';
import { RELATED_PRODUCTS_COUNT, type Category, type Product, type ProductDetail } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products } from '#server/db/schema.ts';
import { byId, onSale, productsWithCategory, reviewsFor, toProduct, toProducts } from './product-rows.ts';

/** The category a URL or query names (see categoryLookup), or undefined. */
export async function findCategory(db: Database, idOrName: string): Promise<{ id: string; name: string } | undefined> {
  const all = await db.select({ _id: categories.id, name: categories.name }).from(categories);
  const id = categoryLookup(all)(idOrName);
  const found = all.find((c) => c._id === id);
  return found && { id: found._id, name: found.name };
}

/**
 * Categories in display order, each with the number of its products on sale. The products are
 * counted in one pass grouped by category: a count per category that must also read `on_sale`
 * visits the table row by row through the index, five times slower at 100,000 products.
 */
export async function listCategories(db: Database): Promise<Category[]> {
  const counts = db
    .select({ categoryId: products.categoryId, n: count().as('n') })
    .from(products)
    .where(onSale)
    .groupBy(products.categoryId)
    .as('counts');
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      images: categories.images,
      productCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.position), sql`${categories.name} collate "C"`);
  return rows.map((r) => ({ _id: r.id, name: r.name, description: r.description, images: r.images ?? [], productCount: r.productCount }));
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
    .where(and(ne(products.id, product._id), onSale))
    .orderBy(
      sql`(${products.categoryId} = ${product.categoryId}) desc`,
      ...RELATED_ORDER.map(([key, direction]) => (direction === 'desc' ? desc : asc)(RELATED_SQL[key])),
    )
    .limit(limit);
  return toProducts(db, rows);
}

/** A product on sale with its reviews (newest first) and related products, or undefined. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail | undefined> {
  const [row] = await productsWithCategory(db).where(and(eq(products.id, id), onSale)).limit(1);
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

/** Price, discount and stock of the given products on sale, in the order asked (others are left out, as unknown). */
export async function liveFigures(db: Database, ids: readonly string[]): Promise<LiveProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ _id: products.id, price: products.price, discount: products.discount, stock: products.stock })
    .from(products)
    .where(and(inArray(products.id, [...ids]), onSale));
  const byId = new Map(rows.map((r) => [r._id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
