/**
 * Reviews on the product page as their specs write and read them: the products reviewed (one a
 * test slot and project), the reviewers' name, the review posts a page sends, the section and its
 * form, a review written as a shopper does, and the figures the section and headline must show.
 */
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { ratingHeadline, type Star } from '#lib/ratings.ts';
import type { Product, ProductDetail } from '#lib/schemas/catalog.ts';
import { MIN_RATINGS_TO_RANK } from '#features/catalog/home-rows.ts';
import { test, expect, type CatalogFixture } from './fixtures.ts';

/** A comment holding markup that would run if it were ever rendered as HTML. */
export const XSS = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

/**
 * The products the review specs review, decided once a run. Out of stock, so a review never moves
 * one into or out of another product's 'You might also like' (in-stock products come first); oldest
 * first, since other specs take the newest product that matches; at least 100 ratings, so a review
 * moves its average by hundredths; and not the best rated (home.spec's Popular Products).
 * The choice reads ratings, which the specs' own reviews move: made afresh by each test, a product
 * near the cut could enter or leave the list mid-run and two tests (or the phone's and the
 * desktop's run of one) would review the same product. So the first test to ask writes the list to
 * .cache/e2e (emptied when the e2e store starts), before any review is posted, and every test of
 * the run reads that list (linked into place: whole or not at all).
 */
const CANDIDATES_FILE = join(fileURLToPath(new URL('../.cache/e2e', import.meta.url)), 'review-candidates.json');

async function candidateIds(catalog: CatalogFixture): Promise<string[]> {
  const stored = async () => JSON.parse(await readFile(CANDIDATES_FILE, 'utf8')) as string[];
  try {
    return await stored();
  } catch {
    // Not written yet this run.
  }
  const products = await catalog.products();
  const top = Math.max(...products.filter((p) => p.numRatings >= MIN_RATINGS_TO_RANK).map((p) => p.rating));
  const ids = products
    .filter((p) => p.stock <= 0 && p.numRatings >= 100 && p.rating < top - 0.1)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
    .map((p) => p._id);
  const draft = `${CANDIDATES_FILE}.${process.pid}.${Date.now()}`;
  await writeFile(draft, JSON.stringify(ids));
  try {
    await link(draft, CANDIDATES_FILE);
    return ids;
  } catch {
    return stored(); // another worker's list came first: everyone uses that one
  } finally {
    await rm(draft, { force: true });
  }
}

/** The product test `slot` reviews, one per slot and project. */
export async function reviewedProduct(catalog: CatalogFixture, slot: number): Promise<ProductDetail> {
  const candidates = await candidateIds(catalog);
  const pick = candidates[slot * 2 + (test.info().project.name === 'desktop' ? 1 : 0)];
  if (!pick) throw new Error(`No product to review for slot ${slot} (${candidates.length} candidates)`);
  return catalog.product(pick);
}

/** The name the review specs' accounts are made with (what their reviews show). */
export const REVIEWER = 'Sana Review';

/** Every POST to a review path the page sends. */
export function reviewPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/users\/[^/]+\/review$/.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

export const section = (page: Page) => page.getByTestId('reviews');
export const form = (page: Page) => page.getByTestId('review-form');

export const starRadio = (page: Page, stars: number) => form(page).getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars`, exact: true });

/** Picks `stars` (a click on the star: its radio is visually hidden inside it), types `comment` and submits. */
export async function writeReview(page: Page, stars: number, comment: string): Promise<void> {
  await starRadio(page, stars).locator('xpath=..').click();
  await expect(starRadio(page, stars)).toBeChecked();
  await form(page).getByLabel('Your review').fill(comment);
  await form(page).getByRole('button', { name: 'Submit Review' }).click();
}

/** What the section and the headline must show for `product`'s figures. */
export async function expectFigures(page: Page, product: Pick<Product, 'rating' | 'numRatings' | 'ratingsByStar' | 'numWrittenReviews'>): Promise<void> {
  const counts = section(page).getByTestId('star-count');
  for (const [i, star] of ([5, 4, 3, 2, 1] as Star[]).entries()) {
    const n = product.ratingsByStar[star];
    await expect(counts.nth(i)).toHaveText(`${n.toLocaleString('en-US')} ${n === 1 ? 'rating' : 'ratings'}`);
  }
  await expect(section(page).getByTestId('ratings-count')).toHaveText(`${product.numRatings.toLocaleString('en-US')} ratings`);
  await expect(section(page).getByTestId('average-rating')).toHaveText(product.rating.toFixed(1));
  const headline = ratingHeadline(product);
  await expect(page.getByTestId('rating-headline')).toHaveText(`${headline.ratings} · ${headline.reviews}`);
  await expect(page.locator('[data-headline-stars] [role="img"]')).toHaveAttribute('aria-label', `Rated ${product.rating.toFixed(1)} out of 5`);
}
