/**
 * A shopper's reviews, under /api/users/{userId}/review (the contract is
 * src/lib/schemas/reviews.ts). Thin: the route checks the token, that the path names the token's
 * own account (403 otherwise) and the body, then src/server/reviews/ does the work. The review is
 * shown under the account's name, never the body's `userName`. Nothing here may be cached.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { UserIdParam } from '#lib/schemas/account.ts';
import { PostReviewSchema, REVIEW_LIMITS, REVIEW_MESSAGES as M } from '#lib/schemas/reviews.ts';
import type { Accounts } from '#server/auth/accounts.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { requestClient } from '#server/limits/client-address.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseParam, parseQuery } from '#server/http/params.ts';
import { refusal, route } from '#server/http/openapi.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { LIMITED } from './users.ts';
import { OwnReviewSchema, PostedReviewSchema } from '#lib/schemas/catalog.ts';
import { addReview, ownReview } from '#server/reviews/add-review.ts';
import { catalogueCacheFor } from '#server/catalog/cache.ts';
import type { Limits } from '#server/limits/limits.ts';

/** GET …/review?productId=ID (and the cache-busting timestamp the browser may add). */
const OwnReviewQuerySchema = z.strictObject({
  productId: z.string(M.productRequired).trim().min(1, M.productRequired).max(REVIEW_LIMITS.productId, M.productRequired),
  timestamp: z.string().max(50).optional(),
});

const posted = z.strictObject({ success: z.literal(true), message: z.string(), data: PostedReviewSchema });
const NOT_YOURS = refusal(`'${M.notYours}'`);

export function reviewRoutes(db: Database, accounts: Pick<Accounts, 'authenticate' | 'requireOwner'>, clock: Clock, limits: Pick<Limits, 'reviews'>) {
  const app = uncachedRoutes();
  /** The token's session, once the path's userId is checked to be its account: 401, 400, 403 in that order. */
  const owner = async (c: Context) => {
    const session = await accounts.authenticate(c.req.header('authorization'));
    accounts.requireOwner(session, parseParam(c, 'userId', UserIdParam), M.notYours);
    return session;
  };

  route(app, {
    method: 'post',
    path: '/{userId}/review',
    tag: 'Reviews',
    summary: "Post the shopper's review of a product (one per product: a second replaces the first)",
    access: 'bearer',
    params: { userId: UserIdParam },
    body: PostReviewSchema,
    replies: {
      201: { description: 'A first review.', schema: posted },
      200: { description: "It replaced the shopper's earlier review (`replaced: true`).", schema: posted },
      403: NOT_YOURS,
      404: refusal("'Product not found'"),
      429: LIMITED,
    },
  }, async (c) => {
    const { user } = await owner(c);
    await limits.reviews.take(requestClient(c));
    const body = await parseBody(c, PostReviewSchema);
    const posted = await addReview(db, { ...body, userId: user.id, userName: user.name }, clock.now());
    // The database tells every process; this one needs no wait to show the shopper her review.
    catalogueCacheFor(db).catalogueChanged();
    if (!posted) throw new HttpError(404, 'Product not found');
    return c.json({ success: true, message: M.submitted, data: posted }, posted.replaced ? 200 : 201);
  });

  route(app, {
    method: 'get',
    path: '/{userId}/review',
    tag: 'Reviews',
    summary: "The shopper's own review of a product, or null",
    access: 'bearer',
    params: { userId: UserIdParam },
    query: OwnReviewQuerySchema,
    replies: {
      200: { description: 'The review, or `null`.', schema: z.strictObject({ success: z.literal(true), data: z.strictObject({ review: OwnReviewSchema.nullable() }) }) },
      400: refusal('A bad userId, or a missing or bad `productId`.'),
      403: NOT_YOURS,
    },
  }, async (c) => {
    const { user } = await owner(c);
    const { productId } = parseQuery(c, OwnReviewQuerySchema);
    return c.json({ success: true, data: { review: await ownReview(db, user.id, productId) } });
  });

  return app;
}
