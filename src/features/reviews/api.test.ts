import { cleanTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { REVIEW_MESSAGES } from '#lib/schemas/reviews.ts';
import { useStandInApi, type SeenRequest } from '#lib/test/stand-in-api.ts';
import { freshReviews, ownReview, postReview, reviewerId } from './api.ts';
import { NETWORK_FAILURE, SERVER_FAILURE } from './rules.ts';

const review = { _id: 'r9', userName: 'Ayesha Khan', rating: 4, comment: 'Fresh and tasty.', date: '2026-11-20T10:00:00.000Z' };
const figures = { rating: 4.2, numRatings: 5, ratingsByStar: { '1': 0, '2': 0, '3': 1, '4': 2, '5': 2 }, numWrittenReviews: 3 };
const user = { id: 'u1', name: 'Ayesha Khan', email: 'ayesha@example.pk', createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z' };

/** A stand-in for the reviews API (the contract of src/lib/schemas/reviews.ts). */
function reply(seen: SeenRequest): [number, unknown] {
  const body = (seen.body ?? {}) as Record<string, unknown>;
  const [path, query = ''] = seen.url.split('?');
  const route = `${seen.method} ${path}`;
  if (seen.auth !== undefined && seen.auth !== 'Bearer tok-1') return [401, { success: false, message: 'Please sign in again.' }];
  switch (route) {
    case 'GET /api/users/me':
      return [200, { success: true, data: user }];
    case 'POST /api/users/u1/review':
      if (body.comment === 'boom') return [500, { success: false, message: 'Server Error' }];
      if (body.comment === 'odd') return [201, { success: true, data: { review: { ...review, rating: 'four' } } }];
      if (body.comment === 'bad') return [400, { success: false, message: 'Please check your review.', errors: { comment: REVIEW_MESSAGES.commentRequired } }];
      return [body.comment === 'again' ? 200 : 201, { success: true, message: 'Review submitted!', data: { review, replaced: body.comment === 'again', product: figures } }];
    case 'POST /api/users/u2/review':
    case 'GET /api/users/u2/review':
      return [403, { success: false, message: REVIEW_MESSAGES.notYours }];
    case 'GET /api/users/u1/review':
      if (query === 'productId=reviewed') return [200, { success: true, data: { review: { ...review, productId: 'reviewed' } } }];
      if (query === 'productId=odd') return [200, { success: true, data: { review: { rating: 3 } } }];
      return [200, { success: true, data: { review: null } }];
    case 'GET /api/products/p%2F1/related':
      return [200, { success: true, data: { product: { _id: 'p/1', name: 'Atta', ...figures, reviews: [review], relatedProducts: [] } } }];
    case 'GET /api/products/gateway/related':
      return [200, { body: JSON.stringify({ success: true, data: { product: { ...figures, reviews: [] } } }) }];
    case 'GET /api/products/odd/related':
      return [200, { success: true, data: { product: { ...figures } } }];
  }
  return [404, { success: false, message: 'Product not found' }];
}

const api = useStandInApi(reply);
const seen = api.seen;
let client: ApiClient;
const down = new ApiClient('http://127.0.0.1:9');
beforeAll(() => {
  useTestStorageEngine();
  client = api.client();
});
afterEach(() => cleanTestStorage());

describe('reviewerId', () => {
  it('is the id of GET /api/users/me, asked with the stored token', async () => {
    setTestStorageKey('token', 'tok-1');
    expect(await reviewerId({ client })).toEqual({ ok: true, userId: 'u1', name: 'Ayesha Khan' });
    expect(seen[0]).toMatchObject({ method: 'GET', auth: 'Bearer tok-1' });
  });
});

describe('postReview', () => {
  const body = { productId: 'p1', rating: 4, comment: 'Fresh and tasty.', userName: 'Ayesha Khan' };
  it('sends the body with the Bearer token to the shopper\'s own path and reads the review and figures', async () => {
    setTestStorageKey('token', 'tok-1');
    expect(await postReview('u1', body, { client })).toEqual({ ok: true, posted: { review, replaced: false, product: figures } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/users/u1/review', auth: 'Bearer tok-1', body });
    expect(await postReview('u1', { ...body, comment: 'again' }, { client })).toMatchObject({ ok: true, posted: { replaced: true } });
  });
  it("shows the server's words, its field messages, and ours for a server error, no network or an unreadable reply", async () => {
    setTestStorageKey('token', 'tok-1');
    expect(await postReview('u2', body, { client })).toEqual({ ok: false, status: 403, message: REVIEW_MESSAGES.notYours, errors: {} });
    expect(await postReview('u1', { ...body, comment: 'bad' }, { client })).toEqual({
      ok: false,
      status: 400,
      message: 'Please check your review.',
      errors: { comment: REVIEW_MESSAGES.commentRequired },
    });
    expect(await postReview('u1', { ...body, comment: 'boom' }, { client })).toMatchObject({ ok: false, status: 500, message: SERVER_FAILURE });
    expect(await postReview('u1', { ...body, comment: 'odd' }, { client })).toMatchObject({ ok: false, message: expect.stringMatching(/could not read/) });
    expect(await postReview('u1', body, { client: down })).toMatchObject({ ok: false, message: NETWORK_FAILURE });
  });
  it('ends the session on a 401, and without a token sends nothing', async () => {
    setTestStorageKey('token', 'stale');
    const onExpired = vi.fn();
    expect(await postReview('u1', body, { client, onExpired })).toMatchObject({ ok: false, status: 401, message: 'Please sign in again.' });
    expect(onExpired).toHaveBeenCalledOnce();
    cleanTestStorage();
    expect(await postReview('u1', body, { client, onExpired })).toMatchObject({ ok: false, status: 401 });
    expect(seen).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(2);
  });
});

describe('ownReview', () => {
  it("reads the shopper's own review of the product, or null", async () => {
    setTestStorageKey('token', 'tok-1');
    expect(await ownReview('u1', 'reviewed', { client })).toEqual({ ok: true, review: { ...review, productId: 'reviewed' } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/users/u1/review?productId=reviewed', auth: 'Bearer tok-1' });
    expect(await ownReview('u1', 'fresh', { client })).toEqual({ ok: true, review: null });
    expect(await ownReview('u1', 'odd', { client })).toMatchObject({ ok: false });
    expect(await ownReview('u2', 'fresh', { client })).toMatchObject({ ok: false, status: 403, message: REVIEW_MESSAGES.notYours });
  });
});

describe('freshReviews', () => {
  it('reads the figures and written reviews of GET /api/products/{id}/related', async () => {
    expect(await freshReviews('p/1', client)).toEqual({ ok: true, data: { figures, reviews: [review] } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/products/p%2F1/related', auth: undefined });
    expect(await freshReviews('gateway', client)).toEqual({ ok: true, data: { figures, reviews: [] } });
  });
  it('fails on a reply without reviews, an unknown product or no network', async () => {
    expect(await freshReviews('odd', client)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await freshReviews('gone', client)).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await freshReviews('p/1', down)).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});
