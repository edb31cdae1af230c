/**
 * Adding a written review. A review is also a rating: storing it and counting its stars in the
 * product's ratings happen in ONE transaction, so a reader never sees one without the other.
 *
 * One review per shopper per product: a review with a `userId` replaces that shopper's
 * earlier review of the product. Its text, stars, date and name become the new ones and its stars
 * move: one fewer on the old star, one more on the new (nothing moves when they are the same).
 * Reviews without a `userId` (the seed's, a catalogue import's) are simply added. A review staff
 * hid stays hidden when its shopper replaces it (the new text is not shown either), and its stars
 * stay out of the counts: hiding is staff's decision, which only staff undo.
 *
 * The product's rating and ratings count are not written here: the database generates them from
 * the per-star counts (see the products table). The transaction first locks the product's row
 * (SELECT … FOR UPDATE), so concurrent reviews of one product queue behind each other: N shoppers
 * give N more ratings, and one shopper's parallel reviews find each other's row (the second one
 * replaces the first) whatever the timing. The unique index on (product_id, user_id) backs this up.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { starsOf } from '#lib/ratings.ts';
import { PostReviewSchema, type OwnReview, type PostedReview, type PostReviewBody } from '#lib/schemas/reviews.ts';
import { onSale, ratingColumns, toReview } from '#server/catalog/product-rows.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { products, reviews } from '#server/db/schema.ts';

type Star = 1 | 2 | 3 | 4 | 5;
const STAR_COLUMNS = {
  1: products.ratings1,
  2: products.ratings2,
  3: products.ratings3,
  4: products.ratings4,
  5: products.ratings5,
} as const;
const STAR_FIELDS = { 1: 'ratings1', 2: 'ratings2', 3: 'ratings3', 4: 'ratings4', 5: 'ratings5' } as const;

/** The per-star count changes that move a review from `from` (none: a new review) to `to`. */
function starChanges(from: Star | undefined, to: Star) {
  if (from === to) return {};
  return {
    [STAR_FIELDS[to]]: sql`${STAR_COLUMNS[to]} + 1`,
    ...(from ? { [STAR_FIELDS[from]]: sql`${STAR_COLUMNS[from]} - 1` } : {}),
  };
}

export interface ReviewInput extends PostReviewBody {
  /** The name shown under the review (the route passes the account's name). */
  userName: string;
  /** The account writing it: its earlier review of the product is replaced. Unset: an anonymous review, added. */
  userId?: string;
}

/**
 * Stores the review (or replaces the shopper's earlier one) and moves its stars; returns undefined
 * (and changes nothing) when the product does not exist or is off sale. Throws a ZodError on invalid input.
 */
export async function addReview(db: Database, input: ReviewInput, now: Date = new Date()): Promise<PostedReview | undefined> {
  // The body is checked without the name: the shown name is the account's, whose own bound applies.
  const { userName, userId, ...body } = input;
  const r = { ...PostReviewSchema.parse(body), userName: userName.trim() };
  const star = r.rating as Star;
  return inTransaction(db, async (t) => {
    // A product off sale takes no reviews: to the shop it is gone.
    const [locked] = await t.select({ id: products.id }).from(products).where(and(eq(products.id, r.productId), onSale)).for('update');
    if (!locked) return undefined;
    const [earlier] = userId
      ? await t
          .select({ id: reviews.id, rating: reviews.rating, hiddenAt: reviews.hiddenAt })
          .from(reviews)
          .where(and(eq(reviews.productId, r.productId), eq(reviews.userId, userId)))
      : [];
    const fields = { userName: r.userName, rating: r.rating, comment: r.comment, createdAt: now };
    const [row] = earlier
      ? await t.update(reviews).set(fields).where(eq(reviews.id, earlier.id)).returning()
      : await t
          .insert(reviews)
          .values({ ...fields, productId: r.productId, userId: userId ?? null })
          .returning();
    const [counted] = await t
      .update(products)
      .set({ ...(earlier?.hiddenAt ? {} : starChanges(earlier?.rating as Star | undefined, star)), updatedAt: now })
      .where(eq(products.id, r.productId))
      .returning(ratingColumns);
    const [{ n }] = await t.select({ n: count() }).from(reviews).where(and(eq(reviews.productId, r.productId), isNull(reviews.hiddenAt)));
    return {
      review: toReview(row),
      replaced: earlier !== undefined,
      product: {
        rating: counted.rating,
        numRatings: counted.numRatings,
        ratingsByStar: starsOf(counted),
        numWrittenReviews: Number(n),
      },
    };
  });
}

/** The shopper's own review of the product, or null (none, or no such product). */
export async function ownReview(db: Database, userId: string, productId: string): Promise<OwnReview | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ? { ...toReview(row), productId: row.productId } : null;
}
