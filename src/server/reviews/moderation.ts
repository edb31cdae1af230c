/**
 * Review moderation: staff read the newest reviews, hide one (abuse, spam) with a reason, and show
 * it again.
 *
 * 1. A hidden review is out of the shop: every shop read of reviews (the product's reviews, the
 *    written-review counts, the pages' digests, the importer's "not below the written reviews"
 *    rule) counts visible reviews only.
 * 2. A review's stars are in its product's `ratings_N` while it is shown: hiding takes its star
 *    out, showing puts it back, in ONE transaction with the review's row, the product's row
 *    (locked first, as a shopper's review locks it) and the audit row. The product's version is
 *    not raised: reviews are not an editor's change to the product.
 * 3. The reason and who hid it are for staff: the shop's reads and the reviewer's own read never
 *    carry them.
 * 4. The list is newest first (date, then id), 50 a page, with a cursor of the last review's date
 *    and id; filters by product, stars and shown or hidden.
 */
import { and, count, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { starsOf } from '#lib/ratings.ts';
import { REVIEW_MODERATION_MESSAGES as M, type ModeratedProductFigures, type ModeratedReview, type ModeratedReviewsPage } from '#lib/schemas/catalog-desk-rules.ts';
import { catalogueCacheFor } from '#server/catalog/cache.ts';
import { ratingColumns } from '#server/catalog/product-rows.ts';
import type { Clock } from '#server/clock.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { products, reviews, staff } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { appendAudit } from '#server/staff/audit.ts';

export const MODERATION_PAGE = 50;

export interface ModerationQuery {
  product?: string;
  rating?: number;
  state?: 'shown' | 'hidden' | 'all';
  /** The `next` of the page before. */
  before?: string;
}

/** Who acts: the audit row's author and address. */
export interface ModerationWho {
  staffId: string;
  clientAddress: string;
}

export interface ModerationResult {
  review: ModeratedReview;
  product: ModeratedProductFigures;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor as the list gives it; null when `text` is not one. */
export function readCursor(text: string): { at: Date; id: string } | null {
  const m = CURSOR.exec(text);
  if (!m) return null;
  const at = new Date(m[1]);
  return Number.isNaN(at.getTime()) ? null : { at, id: m[2] };
}

const STAR_COLUMN = { 1: 'ratings_1', 2: 'ratings_2', 3: 'ratings_3', 4: 'ratings_4', 5: 'ratings_5' } as const;

const moderatedColumns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  userName: reviews.userName,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  hiddenBy: sql<string | null>`nullif(coalesce(nullif(${staff.name}, ''), ${staff.email}), '')`,
};

type ModeratedRow = { id: string; productId: string; productName: string; userName: string; rating: number; comment: string; createdAt: Date; hiddenAt: Date | null; hiddenReason: string | null; hiddenBy: string | null };

function toModerated(r: ModeratedRow): ModeratedReview {
  return {
    _id: r.id,
    productId: r.productId,
    productName: r.productName,
    userName: r.userName,
    rating: r.rating,
    comment: r.comment,
    date: r.createdAt.toISOString(),
    hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? '', by: r.hiddenBy } : null,
  };
}

const moderatedRows = (db: Database) =>
  db.select(moderatedColumns).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).leftJoin(staff, eq(staff.id, reviews.hiddenBy));

/** A page of reviews, newest first (rule 4). */
export async function listModeratedReviews(db: Database, q: ModerationQuery): Promise<ModeratedReviewsPage> {
  const where: SQL[] = [];
  if (q.product) where.push(eq(reviews.productId, q.product));
  if (q.rating) where.push(eq(reviews.rating, q.rating));
  if (q.state === 'shown') where.push(isNull(reviews.hiddenAt));
  if (q.state === 'hidden') where.push(isNotNull(reviews.hiddenAt));
  const cursor = q.before ? readCursor(q.before) : null;
  if (cursor) where.push(or(lt(reviews.createdAt, cursor.at), and(eq(reviews.createdAt, cursor.at), lt(reviews.id, cursor.id)))!);
  const rows = await moderatedRows(db)
    .where(and(...where))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(MODERATION_PAGE + 1);
  const more = rows.length > MODERATION_PAGE;
  const page = (more ? rows.slice(0, MODERATION_PAGE) : rows).map(toModerated);
  const last = page[page.length - 1];
  return { reviews: page, next: more && last ? `${last.date}_${last._id}` : null };
}

/** How many shown reviews the product has. */
export async function visibleReviewCount(db: Database, productId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(reviews).where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)));
  return Number(n);
}

export function createModeration(db: Database, clock: Clock) {
  /** Hides (`reason` given) or shows the review (rules 2 and 3). 404 unknown, 409 already so. */
  async function setHidden(id: string, reason: string | null, who: ModerationWho): Promise<ModerationResult> {
    const hide = reason !== null;
    const now = clock.now();
    const result = await inTransaction(db, async (tx) => {
      const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
      if (!found) throw new HttpError(404, M.unknown);
      // The product first, as a shopper's review locks it: the two queue, never deadlock.
      await tx.select({ id: products.id }).from(products).where(eq(products.id, found.productId)).for('update');
      const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (hide === (review.hiddenAt !== null)) throw new HttpError(409, hide ? M.hiddenAlready : M.shownAlready);
      await tx
        .update(reviews)
        .set(hide ? { hiddenAt: now, hiddenReason: reason, hiddenBy: who.staffId } : { hiddenAt: null, hiddenReason: null, hiddenBy: null })
        .where(eq(reviews.id, id));
      const column = sql.raw(`"${STAR_COLUMN[review.rating as 1 | 2 | 3 | 4 | 5]}"`);
      const [counted] = await tx
        .update(products)
        .set({ [STAR_COLUMN_FIELD[review.rating as 1 | 2 | 3 | 4 | 5]]: hide ? sql`${column} - 1` : sql`${column} + 1`, updatedAt: now })
        .where(eq(products.id, review.productId))
        .returning(ratingColumns);
      await appendAudit(tx, {
        at: now,
        staffId: who.staffId,
        action: hide ? 'review.hide' : 'review.show',
        recordKind: 'review',
        recordId: id,
        before: hide ? { shown: true } : { shown: false, reason: review.hiddenReason },
        after: hide ? { shown: false, reason } : { shown: true },
        clientAddress: who.clientAddress,
      });
      const [row] = await moderatedRows(tx).where(eq(reviews.id, id));
      return {
        review: toModerated(row),
        product: { rating: counted.rating, numRatings: counted.numRatings, ratingsByStar: starsOf(counted), numWrittenReviews: await visibleReviewCount(tx, review.productId) },
      };
    });
    // The database tells every process; this one drops what it holds at once.
    catalogueCacheFor(db).catalogueChanged();
    return result;
  }

  return {
    list: (q: ModerationQuery) => listModeratedReviews(db, q),
    hide: (id: string, reason: string, who: ModerationWho) => setHidden(id, reason, who),
    show: (id: string, who: ModerationWho) => setHidden(id, null, who),
  };
}

const STAR_COLUMN_FIELD = { 1: 'ratings1', 2: 'ratings2', 3: 'ratings3', 4: 'ratings4', 5: 'ratings5' } as const;

export type Moderation = ReturnType<typeof createModeration>;
