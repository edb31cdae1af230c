/**
 * Adding a written review. A review is also a rating: storing it and counting its stars in the
 * product's ratings happen in ONE transaction, so a reader never sees one without the other.
 *
 * The product's rating and ratings count are not written here: the database generates them from
 * the per-star counts in the same UPDATE that adds one to the review's star (see the products
 * table). The UPDATE locks the product's row, so concurrent reviews of one product queue behind
 * each other and each adds exactly one rating: N reviews give N more ratings, whatever the timing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { starsOf, type RatingsByStar } from '#features/reviews/ratings.ts';
import type { Review } from '#lib/schemas/catalog.ts';
import { PostReviewSchema, type PostReviewBody } from '#lib/schemas/reviews.ts';
import { ratingColumns, toReview } from '#server/catalog/reads.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { products, reviews } from '#server/db/schema.ts';

export interface AddedReview {
  review: Review;
  /** The product's figures right after this review, as the same transaction saw them. */
  product: { rating: number; numRatings: number; ratingsByStar: RatingsByStar; numWrittenReviews: number };
}

const STAR_COLUMNS = {
  1: products.ratings1,
  2: products.ratings2,
  3: products.ratings3,
  4: products.ratings4,
  5: products.ratings5,
} as const;
const STAR_FIELDS = { 1: 'ratings1', 2: 'ratings2', 3: 'ratings3', 4: 'ratings4', 5: 'ratings5' } as const;

/**
 * Stores the review and counts its stars; returns undefined (and changes nothing) when the
 * product does not exist. Throws a ZodError on invalid input.
 */
export async function addReview(db: Database, input: PostReviewBody & { userName: string }, now: Date = new Date()): Promise<AddedReview | undefined> {
  const r = { ...PostReviewSchema.parse(input), userName: input.userName.trim() };
  const star = r.rating as 1 | 2 | 3 | 4 | 5;
  return inTransaction(db, async (t) => {
    const [counted] = await t
      .update(products)
      .set({ [STAR_FIELDS[star]]: sql`${STAR_COLUMNS[star]} + 1`, updatedAt: now })
      .where(eq(products.id, r.productId))
      .returning(ratingColumns);
    if (!counted) return undefined;
    const [row] = await t
      .insert(reviews)
      .values({ productId: r.productId, userName: r.userName, rating: r.rating, comment: r.comment, createdAt: now })
      .returning();
    const [{ n }] = await t.select({ n: count() }).from(reviews).where(eq(reviews.productId, r.productId));
    return {
      review: toReview(row),
      product: {
        rating: counted.rating,
        numRatings: counted.numRatings,
        ratingsByStar: starsOf(counted),
        numWrittenReviews: Number(n),
      },
    };
  });
}
