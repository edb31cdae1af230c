/**
 * The seeded catalogue: 13 categories (the order and spelling of FALLBACK_CATEGORY_NAMES), 320
 * products stocked as a Pakistani store would, their star ratings, written reviews on most of
 * the rated ones, and the search dictionary. catalogue.json is a catalogue file as `npm run
 * catalog -- import` reads it (categories, then products with every field, ratings per star);
 * synonyms.json is one too (its `synonyms` section alone: what shoppers type, what it finds);
 * reviews.json lists the written reviews, whose stars are among their product's ratings. index.ts seeds them through the
 * importer's validation; this module reads them for the tests and tools that use the seed as data.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CategoryInput, ProductInput, ReviewInput } from '#lib/schemas/catalog.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { parseCatalog } from '#server/catalog/file-format.ts';
import type { SeedData } from './index.ts';

export const SEED_CATALOGUE_FILE = fileURLToPath(new URL('./catalogue.json', import.meta.url));
const SEED_REVIEWS_FILE = fileURLToPath(new URL('./reviews.json', import.meta.url));
export const SEED_SYNONYMS_FILE = fileURLToPath(new URL('./synonyms.json', import.meta.url));

/** A reviews file: a JSON array of `{productId, userName, rating, comment, date}`, checked when seeded. */
function parseReviews(text: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`The reviews file is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new Error('A reviews file is an array of reviews.');
  return data;
}

/** The files as they stand, read with the importer's reader; not validated yet (seedIfEmpty does). */
async function readSeedFiles(): Promise<Required<SeedData>> {
  const [catalogue, reviews, dictionary] = await Promise.all([readFile(SEED_CATALOGUE_FILE, 'utf8'), readFile(SEED_REVIEWS_FILE, 'utf8'), readFile(SEED_SYNONYMS_FILE, 'utf8')]);
  const file = parseCatalog(catalogue, 'json');
  return {
    categories: file.categories as CategoryInput[],
    products: file.products.map((r) => r.value as ProductInput),
    reviews: parseReviews(reviews) as ReviewInput[],
    synonyms: (parseCatalog(dictionary, 'json').synonyms ?? []).map((r) => r.value as SynonymEntry),
  };
}

export const { categories, products, reviews, synonyms } = await readSeedFiles();
