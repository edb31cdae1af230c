/**
 * First-run seeding: fills an empty catalogue from ./catalogue.ts (or the data given).
 * Idempotent: does nothing once any category exists. All or nothing: one transaction.
 */
import {
  CategoryInputSchema,
  ProductInputSchema,
  ReviewInputSchema,
  type CategoryInput,
  type ProductInput,
  type ReviewInput,
} from '#lib/schemas/catalog.ts';
import { sql } from 'drizzle-orm';
import { categoryLookup } from '#lib/category-lookup.ts';
import { countStars, starsOf, uncountedStars } from '#lib/ratings.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { hasCategories, insertCategories, insertProducts, insertReviews, toProductRow } from '#server/catalog/bulk.ts';
import type { NewProductRow } from '#server/db/schema.ts';

export interface SeedData {
  categories: CategoryInput[];
  products: ProductInput[];
  reviews: ReviewInput[];
}

/** The committed seed catalogue, loaded on demand (it is large and only needed on first run). */
export async function loadSeedCatalogue(): Promise<SeedData> {
  const mod = (await import('./catalogue.ts')) as SeedData;
  return { categories: mod.categories, products: mod.products, reviews: mod.reviews ?? [] };
}

export interface SeedResult {
  seeded: boolean;
  categories: number;
  products: number;
  reviews: number;
}

/** Throws unless every written review's stars are among its product's ratings. */
function assertReviewsCounted(rows: readonly NewProductRow[], reviewRows: readonly { productId: string; rating: number }[]): void {
  const byProduct = new Map<string, number[]>();
  for (const r of reviewRows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.rating]);
  for (const row of rows) {
    const written = byProduct.get(row.id);
    if (!written) continue;
    const [gap] = uncountedStars(starsOf(row), countStars(written));
    if (gap) throw new Error(`Seed product ${row.id}: ${gap.written} written ${gap.star}-star reviews but ratings${gap.star} is ${gap.counted}`);
  }
}

/** Throws (and writes nothing) if the seed data is inconsistent. */
export async function seedIfEmpty(db: Database, data?: SeedData): Promise<SeedResult> {
  const none = { seeded: false, categories: 0, products: 0, reviews: 0 };
  if (await hasCategories(db)) return none;
  const seed = data ?? (await loadSeedCatalogue());
  const cats = seed.categories.map((c) => CategoryInputSchema.parse(c));
  const categoryOf = categoryLookup(cats);
  const now = new Date();
  const rows = seed.products.map((input, i) => {
    const record = ProductInputSchema.parse(input);
    const categoryId = categoryOf(record.category);
    if (!categoryId) throw new Error(`Seed product ${i + 1} (${record._id}): unknown category '${record.category}'`);
    return toProductRow(record, categoryId, now);
  });
  const reviewRows = seed.reviews.map((r) => ReviewInputSchema.parse(r));
  assertReviewsCounted(rows, reviewRows);

  return inTransaction(db, async (t) => {
    // Serialise concurrent starts on PostgreSQL, then re-check: only one of them seeds.
    await t.execute(sql`select pg_advisory_xact_lock(727274)`);
    if (await hasCategories(t)) return none;
    await insertCategories(t, cats);
    await insertProducts(t, rows);
    await insertReviews(t, reviewRows);
    return { seeded: true, categories: cats.length, products: rows.length, reviews: reviewRows.length };
  });
}
