/**
 * First-run seeding: fills an empty catalogue from the committed seed (catalogue.json,
 * reviews.json and the search dictionary synonyms.json, see catalogue.ts) or from the data given. The catalogue goes through the
 * importer's own validation (catalog/validate-catalog.ts), so the seed is held to what an
 * editor's file is: every row valid, categories known, ids unique, and no star count below the
 * product's written reviews of that many stars. Idempotent: does nothing once any category
 * exists. All or nothing: one transaction.
 */
import { ReviewInputSchema, type CategoryInput, type ProductInput, type ProductRecord, type ReviewInput } from '#lib/schemas/catalog.ts';
import { sql } from 'drizzle-orm';
import { countStars, type RatingsByStar } from '#lib/ratings.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { describeIssue } from '#server/http/issues.ts';
import { hasCategories, insertCategories, insertProducts, insertReviews, toProductRow } from '#server/catalog/bulk.ts';
import type { CatalogFile } from '#server/catalog/file-format.ts';
import { replaceSynonyms } from '#server/catalog/synonyms.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { givesRatings, validateCatalog } from '#server/catalog/validate-catalog.ts';

export interface SeedData {
  categories: CategoryInput[];
  products: ProductInput[];
  reviews: ReviewInput[];
  /** The search dictionary's entries (none: an empty dictionary). */
  synonyms?: SynonymEntry[];
}

/**
 * The committed seed catalogue, read when first asked for (seedIfEmpty asks only when the catalogue
 * is empty and no data was given), so a tool or test that imports this module need not read it.
 * The store's own processes read it at start anyway, for the artwork table (artwork/table.ts).
 */
export async function loadSeedCatalogue(): Promise<SeedData> {
  const mod = await import('./catalogue.ts');
  return { categories: mod.categories, products: mod.products, reviews: mod.reviews, synonyms: mod.synonyms };
}

export interface SeedResult {
  seeded: boolean;
  categories: number;
  products: number;
  reviews: number;
  synonyms: number;
}

/** The stars of the written reviews, by product. */
function writtenStars(reviews: readonly { productId: string; rating: number }[]): Map<string, RatingsByStar> {
  const byProduct = new Map<string, number[]>();
  for (const r of reviews) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.rating]);
  return new Map([...byProduct].map(([id, stars]) => [id, countStars(stars)]));
}

/**
 * The seed's rows, or an error naming every problem. Besides the importer's checks: each review
 * is valid and names a product of the seed, and a product with written reviews gives its ratings
 * (a new product that gives none has none, and its reviews' stars would go uncounted).
 */
export function checkSeed(seed: SeedData) {
  const problems: string[] = [];
  const reviews = seed.reviews.flatMap((r, i) => {
    const parsed = ReviewInputSchema.safeParse(r);
    if (parsed.success) return [{ review: parsed.data, row: i + 1 }];
    for (const issue of parsed.error.issues) problems.push(`Review ${i + 1}, field ${String(issue.path[0] ?? 'review')}: ${describeIssue(issue)}`);
    return [];
  });
  const written = writtenStars(reviews.map((r) => r.review));
  const file: CatalogFile = {
    format: 'json',
    categories: seed.categories,
    products: seed.products.map((value, i) => ({ row: i + 1, value })),
    synonyms: (seed.synonyms ?? []).map((value, i) => ({ row: i + 1, value })),
  };
  const result = validateCatalog(file, [], written);
  problems.push(...result.errors.map((e) => e.text));
  seed.products.forEach((p, i) => {
    if (written.has(p._id) && !givesRatings(p as ProductRecord)) problems.push(`Row ${i + 1} (${p._id}), field ratings: the product has written reviews, so give ratings1 to ratings5`);
  });
  const ids = new Set(result.products.map((p) => p._id));
  for (const { review, row } of reviews) {
    if (!ids.has(review.productId)) problems.push(`Review ${row}, field productId: unknown product '${review.productId}'`);
  }
  if (problems.length > 0) throw new Error(`The seed catalogue has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
  return { categories: result.categories, products: result.products, categoryOf: result.categoryOf, reviews: reviews.map((r) => r.review), synonyms: result.synonyms ?? [] };
}

/** Throws (and writes nothing) if the seed data is inconsistent. */
export async function seedIfEmpty(db: Database, data?: SeedData): Promise<SeedResult> {
  const none = { seeded: false, categories: 0, products: 0, reviews: 0, synonyms: 0 };
  if (await hasCategories(db)) return none;
  const seed = checkSeed(data ?? (await loadSeedCatalogue()));
  const now = new Date();
  const rows = seed.products.map((p) => toProductRow(p, seed.categoryOf(p.category)!, now));

  return inTransaction(db, async (t) => {
    // Serialise concurrent starts on PostgreSQL, then re-check: only one of them seeds.
    await t.execute(sql`select pg_advisory_xact_lock(727274)`);
    if (await hasCategories(t)) return none;
    await insertCategories(t, seed.categories);
    await insertProducts(t, rows);
    await insertReviews(t, seed.reviews);
    await replaceSynonyms(t, seed.synonyms, null, now);
    return { seeded: true, categories: seed.categories.length, products: rows.length, reviews: seed.reviews.length, synonyms: seed.synonyms.length };
  });
}
