/**
 * One page of products: filters, a search (search.ts: the search rule as SQL) and a sort.
 *
 * Orders are deterministic and identical on PGlite and PostgreSQL: text ties are compared with
 * `collate "C"` (byte order, as JavaScript compares strings), names sort case-insensitively.
 * "price" in filters and sorts is the sale price, `price - discount`: what the shopper pays.
 */
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { planSearch } from '#lib/search/plan.ts';
import type { Pagination, Product, ProductQuery } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products } from '#server/db/schema.ts';
import { byId, onSale, productColumns, productsWithCategory, reviewsFor, toProduct, toProducts, type ProductWithCategory } from './product-rows.ts';
import { searchSql, type SearchSql } from './search.ts';
import { searchContext } from './search-context.ts';
import { currentSearchIndex } from './search-index.ts';
import { productsByIds } from './product-cache.ts';

const salePrice = sql`(${products.price} - ${products.discount})`;
const SORT_EXPRESSIONS = {
  createdAt: products.createdAt,
  relevance: products.createdAt, // without search words: the newest first
  price: salePrice,
  rating: products.rating,
  name: sql`lower(${products.name}) collate "C"`,
} as const;

export interface ProductList {
  products: Product[];
  pagination: Pagination;
}

export type ListOptions = Omit<ProductQuery, 'category'> & {
  /** A category id; resolve names with findCategory (reads.ts) first. */
  categoryId?: string;
};

export function paginate(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/**
 * The order of a listing: the sort asked for, then the id the same way (a total order, so pages
 * never overlap); a search without a sort, or sorted by relevance, ranks as search-rank.ts says.
 */
function listOrder(q: ListOptions, search: SearchSql | undefined): SQL[] {
  const sortBy = q.sortBy ?? (search ? 'relevance' : 'createdAt');
  if (sortBy === 'relevance' && search) {
    return [desc(search.relevance), desc(sql`${products.stock} > 0`), desc(products.rating), asc(sql`${products.name} collate "C"`), asc(byId)];
  }
  const direction = q.sortOrder === 'asc' && sortBy !== 'relevance' ? asc : desc;
  return [direction(SORT_EXPRESSIONS[sortBy]), direction(byId)];
}

/** A page and its count from the database: any listing, and a search while the index is not current. */
async function fromSql(db: Database, q: ListOptions): Promise<{ rows: ProductWithCategory[]; total: number }> {
  const where: SQL[] = [onSale];
  if (q.categoryId !== undefined) where.push(eq(products.categoryId, q.categoryId));
  // Sale prices are whole rupees, so fractional bounds round inwards.
  if (q.minPrice !== undefined) where.push(sql`${salePrice} >= ${Math.ceil(q.minPrice)}`);
  if (q.maxPrice !== undefined) where.push(sql`${salePrice} <= ${Math.floor(q.maxPrice)}`);
  if (q.rating !== undefined) where.push(gte(products.rating, q.rating));
  // A term whose plan has no clauses (no letters or digits) is no search.
  const search = await searchSql(db, q.q);
  if (search) where.push(search.condition);
  const condition = and(...where);

  const order = listOrder(q, search);
  const page = () =>
    productsWithCategory(db)
      .where(condition)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  const countAll = async () =>
    Number((await db.select({ total: count() }).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(condition))[0].total);
  if (!search) {
    const [total, rows] = await Promise.all([countAll(), page()]);
    return { rows, total };
  }
  // Placing the matches is the costly part, so a search counts them in the same pass (a window
  // count) rather than twice; only a page past the end, which carries no row to read the
  // count from, counts apart. The matches are ranked as narrow rows (id and what orders them),
  // and only the page's rows are read whole: thousands of wide rows would be held for the
  // count and the sort otherwise.
  const matched = db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(products)
    .where(condition)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .as('matched');
  const withTotal = await db
    .select({ ...productColumns, total: sql<number>`${matched.total}`.mapWith(Number) })
    .from(matched)
    .innerJoin(products, eq(products.id, matched.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(...order);
  return { rows: withTotal.map(({ total: _, ...row }) => row), total: withTotal[0]?.total ?? (q.page > 1 ? await countAll() : 0) };
}

/**
 * A search's page from the index in memory (search-index.ts) when it is current, its products from
 * product-cache.ts; undefined when the index is not current, or the term is no search (then the
 * SQL answers).
 */
async function fromIndex(db: Database, q: ListOptions): Promise<ProductList | undefined> {
  if (!q.q) return undefined;
  const index = await currentSearchIndex(db);
  if (!index) return undefined;
  const context = await searchContext(db);
  const plan = planSearch(q.q, context.dictionary, context.vocabulary);
  if (plan.clauses.length === 0) return undefined;
  const { ids, total } = index.search(plan, q);
  const list = await productsByIds(db, ids);
  if (q.include === 'reviews') {
    const byProduct = await reviewsFor(db, ids);
    return { products: list.map((p) => ({ ...p, reviews: byProduct.get(p._id) ?? [] })), pagination: paginate(q.page, q.limit, total) };
  }
  return { products: list, pagination: paginate(q.page, q.limit, total) };
}

/** One page of products with filters, search words and a stable order; reviews attached with one extra query. */
export async function listProducts(db: Database, q: ListOptions): Promise<ProductList> {
  const indexed = await fromIndex(db, q);
  if (indexed) return indexed;
  const { rows, total } = await fromSql(db, q);
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

