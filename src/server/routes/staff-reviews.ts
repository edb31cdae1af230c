/**
 * /api/staff/reviews: review moderation (the newest reviews with filters, hide with a reason, show
 * again). Thin: the request is read here, the rules are reviews/moderation.ts'.
 */
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { HideReviewSchema, REVIEW_MODERATION_MESSAGES as M } from '#lib/schemas/catalog-desk.ts';
import { parseBody } from '#server/http/body.ts';
import { dataReply, refusal } from '#server/http/openapi.ts';
import { parseParam, parseQuery } from '#server/http/params.ts';
import { readCursor, type Moderation } from '#server/reviews/moderation.ts';
import { staffRoute, type StaffGuard } from '#server/staff/route.ts';

const ReviewSchema = z.strictObject({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  userName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  date: z.string(),
  hidden: z.nullable(z.strictObject({ at: z.string(), reason: z.string(), by: z.nullable(z.string()) })),
});
const count = z.number().int().nonnegative();
const Moderated = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  data: z.strictObject({
    review: ReviewSchema,
    product: z.strictObject({ rating: z.number(), numRatings: count, ratingsByStar: z.strictObject({ 1: count, 2: count, 3: count, 4: count, 5: count }), numWrittenReviews: count }),
  }),
});
const ListQuery = z.strictObject({
  product: z.optional(z.string().trim().min(1).max(200)),
  rating: z.optional(z.enum(['1', '2', '3', '4', '5'])),
  state: z.optional(z.enum(['shown', 'hidden', 'all'])),
  before: z.optional(z.string().refine((s) => readCursor(s) !== null, 'must be the `next` of the page before')),
});
const ReviewId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, M.unknown);
const UNKNOWN = refusal(`'${M.unknown}'`);

export function staffReviewRoutes(app: OpenAPIHono, guard: StaffGuard, moderation: Moderation): void {
  staffRoute(app, guard, {
    method: 'get',
    path: '/reviews',
    permission: 'reviews.moderate',
    summary: 'The newest reviews, 50 a page, shown and hidden',
    description: '`product` a product id; `rating` 1 to 5 stars; `state` shown, hidden or all (the default); `before` the `next` of the page before.',
    query: ListQuery,
    replies: {
      200: { description: 'A page of reviews; `hidden` says when, why and by whom (staff only).', schema: dataReply(z.strictObject({ reviews: z.array(ReviewSchema), next: z.nullable(z.string()) })) },
      400: refusal('A bad filter, named in `errors`.'),
    },
  }, async (c) => {
    const q = parseQuery(c, ListQuery);
    return c.json({ success: true, data: await moderation.list({ ...q, rating: q.rating ? Number(q.rating) : undefined }) });
  });

  const id = (c: Context) => parseParam(c, 'id', ReviewId, M.unknown);

  staffRoute(app, guard, {
    method: 'post',
    path: '/reviews/{id}/hide',
    permission: 'reviews.moderate',
    audit: 'review.hide',
    summary: 'Hide a review from the shop, with the reason (1 to 500 characters)',
    description: 'Its stars leave the product’s counts in the same transaction; the product’s pages follow. The reviewer is never told who hid it.',
    body: HideReviewSchema,
    replies: { 200: { description: 'Hidden; the product’s figures now.', schema: Moderated }, 400: refusal('No reason, or a bad one.'), 404: UNKNOWN, 409: refusal(`'${M.hiddenAlready}'`) },
  }, async (c, call) => {
    const review = id(c);
    const { reason } = await parseBody(c, HideReviewSchema);
    return c.json({ success: true, message: M.hidden, data: await moderation.hide(review, reason, { staffId: call.actor.staffId!, clientAddress: call.actor.clientAddress }) });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/reviews/{id}/show',
    permission: 'reviews.moderate',
    audit: 'review.show',
    summary: 'Show a hidden review again',
    description: 'Its stars go back into the product’s counts in the same transaction.',
    replies: { 200: { description: 'Shown; the product’s figures now.', schema: Moderated }, 404: UNKNOWN, 409: refusal(`'${M.shownAlready}'`) },
  }, async (c, call) => {
    const review = id(c);
    return c.json({ success: true, message: M.shown, data: await moderation.show(review, { staffId: call.actor.staffId!, clientAddress: call.actor.clientAddress }) });
  });
}
