/**
 * Products as the API gives them in lists (`Product`, with its written-review count), held in
 * memory by id for the searches the index answers (search-index.ts): the index decides which
 * products a page shows and in what order, every time; their rows come from here, and only those
 * not held are read, in one query. Like a search engine that keeps the documents it returns.
 *
 * Kept current by the catalogue cache's knowledge (cache.ts): a catalogue change (products,
 * categories, reviews) makes every row stale, a stock change the rows of its products, and while
 * changes are not announced nothing is held. At most MAX_PRODUCTS rows, the least recently shown
 * going first.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Product } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products, reviews } from '#server/db/schema.ts';
import { catalogueCacheFor } from './cache.ts';
import { onSale, productColumns, toProduct } from './product-rows.ts';
import { textArray } from './search-columns.ts';

/** Rows held at most (about 1 KB each). */
export const MAX_PRODUCTS = 20_000;

interface Held {
  product: Product;
  catalogue: number;
  /** The stock count when the row was read: a later change to its stock makes it stale. */
  seq: number;
}

const held = new WeakMap<object, Map<string, Held>>();

/** How many written (shown) reviews a product has, as part of its row. */
const writtenReviews = sql<number>`(select count(*)::int from ${reviews} where ${reviews.productId} = ${products.id} and ${reviews.hiddenAt} is null)`;

/** The products on sale among `ids`, in the order of `ids` (those not on sale left out). */
export async function productsByIds(db: Database, ids: readonly string[]): Promise<Product[]> {
  const cache = catalogueCacheFor(db);
  let rows = held.get(db);
  if (!rows) held.set(db, (rows = new Map()));
  const found = new Map<string, Product>();
  const missing: string[] = [];
  for (const id of ids) {
    const entry = cache.isListening ? rows.get(id) : undefined;
    if (entry && entry.catalogue === cache.generation && !cache.movedSince(id, entry.seq)) {
      // Shown again: to the back of the line that is dropped first.
      rows.delete(id);
      rows.set(id, entry);
      found.set(id, entry.product);
    } else missing.push(id);
  }
  if (missing.length) {
    // What is current before the read: a change during it leaves the rows stale, as it should.
    const catalogue = cache.generation;
    const seq = cache.stockSeq;
    const listening = cache.isListening;
    const read = await db
      .select({ ...productColumns, written: writtenReviews })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(onSale, sql`${products.id} = any(${textArray(missing)})`));
    const keep = listening && cache.isListening && catalogue === cache.generation;
    for (const { written, ...row } of read) {
      const product = toProduct(row, Number(written));
      found.set(row.id, product);
      if (keep) {
        rows.delete(row.id);
        rows.set(row.id, { product, catalogue, seq });
      }
    }
    for (const id of rows.keys()) {
      if (rows.size <= MAX_PRODUCTS) break;
      rows.delete(id);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
