import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Review } from '#lib/schemas/catalog.ts';
import { PostReviewSchema, REVIEW_LIMITS, REVIEW_MESSAGES } from '#lib/schemas/reviews.ts';
import {
  NETWORK_FAILURE,
  SERVER_FAILURE,
  TIMEOUT_FAILURE,
  charactersLeft,
  checkReview,
  errorList,
  stillWrong,
  failureText,
  fieldErrors,
  ownReviewNote,
  ratingChoice,
  withPostedReview,
  type ReviewFigures,
} from './rules.ts';

const review = (id: string, rating = 4, date = '2026-11-20T10:00:00.000Z'): Review => ({ _id: id, userName: `Shopper ${id}`, rating, comment: `Comment ${id}`, date });
const figures = (byStar: [number, number, number, number, number], written: number): ReviewFigures => {
  const numRatings = byStar.reduce((a, b) => a + b, 0);
  const stars = byStar.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    rating: numRatings ? Math.round((10 * stars) / numRatings) / 10 : 0,
    numRatings,
    ratingsByStar: { '1': byStar[0], '2': byStar[1], '3': byStar[2], '4': byStar[3], '5': byStar[4] },
    numWrittenReviews: written,
  };
};

describe('checkReview', () => {
  it('gives the body to send: the comment trimmed, the name kept to its limit', () => {
    expect(checkReview('p1', { rating: 4, comment: '  Fresh and tasty.\n' }, 'Ayesha')).toEqual({
      ok: true,
      body: { productId: 'p1', rating: 4, comment: 'Fresh and tasty.', userName: 'Ayesha' },
    });
    const long = checkReview('p1', { rating: 5, comment: 'ok' }, 'N'.repeat(200));
    expect(long.ok && long.body.userName).toBe('N'.repeat(REVIEW_LIMITS.userName));
    expect(checkReview('p1', { rating: 1, comment: 'x' })).toEqual({ ok: true, body: { productId: 'p1', rating: 1, comment: 'x' } });
  });

  it('asks for stars instead of sending 0, in the words of the server', () => {
    expect(checkReview('p1', { rating: 0, comment: 'Good' })).toEqual({ ok: false, errors: { rating: REVIEW_MESSAGES.rating } });
    expect(checkReview('p1', { rating: 6, comment: 'Good' })).toEqual({ ok: false, errors: { rating: REVIEW_MESSAGES.rating } });
    expect(checkReview('p1', { rating: 2.5, comment: 'Good' })).toEqual({ ok: false, errors: { rating: REVIEW_MESSAGES.rating } });
  });

  it('requires a comment that is more than spaces, at most the limit, without control characters', () => {
    expect(checkReview('p1', { rating: 3, comment: '' })).toEqual({ ok: false, errors: { comment: REVIEW_MESSAGES.commentRequired } });
    expect(checkReview('p1', { rating: 3, comment: ' \n\t ' })).toEqual({ ok: false, errors: { comment: REVIEW_MESSAGES.commentRequired } });
    expect(checkReview('p1', { rating: 3, comment: 'a'.repeat(REVIEW_LIMITS.comment + 1) })).toEqual({ ok: false, errors: { comment: REVIEW_MESSAGES.commentTooLong } });
    expect(checkReview('p1', { rating: 3, comment: `${'a'.repeat(REVIEW_LIMITS.comment)}  ` }).ok).toBe(true);
    expect(checkReview('p1', { rating: 3, comment: '😀'.repeat(REVIEW_LIMITS.comment) }).ok).toBe(true);
    expect(checkReview('p1', { rating: 3, comment: 'bell\u0007' })).toEqual({ ok: false, errors: { comment: REVIEW_MESSAGES.controls } });
  });

  it('reports both fields at once, stars first', () => {
    const checked = checkReview('p1', { rating: 0, comment: '' });
    expect(checked).toEqual({ ok: false, errors: { rating: REVIEW_MESSAGES.rating, comment: REVIEW_MESSAGES.commentRequired } });
    expect(errorList(checked.ok ? {} : checked.errors)).toEqual([REVIEW_MESSAGES.rating, REVIEW_MESSAGES.commentRequired]);
  });

  it('keeps markup as the characters typed: a comment is text, never checked for or stripped of tags', () => {
    const comment = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
    expect(checkReview('p1', { rating: 2, comment })).toEqual({ ok: true, body: { productId: 'p1', rating: 2, comment } });
  });

  it('says a missing product id about the whole review', () => {
    expect(checkReview(' ', { rating: 5, comment: 'Good' })).toEqual({ ok: false, errors: { form: REVIEW_MESSAGES.productRequired } });
    expect(errorList({ form: 'f', comment: 'c', rating: 'r' })).toEqual(['f', 'r', 'c']);
  });
});

describe('checkReview and the server\'s PostReviewSchema', () => {
  /** The schema's verdict on a draft, in the form's terms: the body, or each field's first message. */
  function serverVerdict(productId: string, rating: number, comment: string): unknown {
    const parsed = PostReviewSchema.safeParse({ productId, rating, comment });
    if (parsed.success) return { ok: true, body: parsed.data };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'productId' ? 'form' : String(issue.path[0]);
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const piece = fc.constantFrom('a', 'Good ', ' ', '\n', '\t', '\r\n', '\u0007', '\u007f', '\u0000', 'é', '<b>', '😀');
  const comments = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    fc.tuple(fc.integer({ min: REVIEW_LIMITS.comment - 3, max: REVIEW_LIMITS.comment + 3 }), piece, piece).map(([n, a, b]) => `${a}${'x'.repeat(n)}${b}`),
  );
  const ratings = fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double({ min: -1, max: 7, noNaN: false }), fc.constantFrom(Number.NaN, Infinity, 0.5, 4.0000001));
  const ids = fc.oneof(fc.constantFrom('p-001', ' p-002 ', '', '   ', 'x'.repeat(REVIEW_LIMITS.productId + 1)), fc.string({ maxLength: 10 }));

  it('agree on any draft: the same body sent, or the same messages', () => {
    fc.assert(
      fc.property(ids, ratings, comments, (productId, rating, comment) => {
        expect(checkReview(productId, { rating, comment })).toEqual(serverVerdict(productId, rating, comment));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('fieldErrors', () => {
  it("keeps a 400 reply's messages of the form's fields only", () => {
    expect(fieldErrors({ rating: 'r', comment: 'c', productId: 'p' })).toEqual({ rating: 'r', comment: 'c' });
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('charactersLeft', () => {
  it('counts down to the limit, in words', () => {
    expect(charactersLeft('')).toEqual({ text: `${REVIEW_LIMITS.comment.toLocaleString('en-US')} characters left`, over: false });
    expect(charactersLeft('a'.repeat(REVIEW_LIMITS.comment - 1))).toEqual({ text: '1 character left', over: false });
    expect(charactersLeft('a'.repeat(REVIEW_LIMITS.comment))).toEqual({ text: '0 characters left', over: false });
    expect(charactersLeft('a'.repeat(REVIEW_LIMITS.comment + 1))).toEqual({ text: '1 character too many', over: true });
    expect(charactersLeft('a'.repeat(REVIEW_LIMITS.comment + 1200))).toEqual({ text: '1,200 characters too many', over: true });
  });
});

describe('failureText', () => {
  it("shows the server's message when it answered with one", () => {
    expect(failureText({ kind: 'http', status: 403, message: REVIEW_MESSAGES.notYours })).toBe(REVIEW_MESSAGES.notYours);
    expect(failureText({ kind: 'http', status: 404, message: 'Product not found' })).toBe('Product not found');
    expect(failureText({ kind: 'http', status: 429, message: 'Too many reviews. Please wait a minute.' })).toBe('Too many reviews. Please wait a minute.');
  });
  it('says a network failure, a timeout and a server error in the shopper\'s words', () => {
    expect(failureText({ kind: 'network', message: 'Could not reach the store (http://x/api).' })).toBe(NETWORK_FAILURE);
    expect(failureText({ kind: 'timeout', message: 'The store did not answer in time (http://x/api).' })).toBe(TIMEOUT_FAILURE);
    expect(failureText({ kind: 'http', status: 500, message: 'Internal Server Error' })).toBe(SERVER_FAILURE);
    expect(failureText({ kind: 'http', status: 502, message: '<html>Bad gateway</html>' })).toBe(SERVER_FAILURE);
    expect(failureText({ kind: 'http', status: 400, message: 'Request failed (Status: 400)' })).toBe(SERVER_FAILURE);
    expect(failureText({ kind: 'validation', message: 'Invalid response format' })).toBe(SERVER_FAILURE);
  });
});

describe('the words of the form', () => {
  it('names the stars chosen, or asks for them', () => {
    expect(ratingChoice(0)).toBe('Choose 1 to 5 stars');
    expect(ratingChoice(1)).toBe('1 of 5 stars: Poor');
    expect(ratingChoice(4)).toBe('4 of 5 stars: Very good');
  });
  it('says the shopper reviewed the product, when, with how many stars, and that a new one replaces it', () => {
    expect(ownReviewNote({ rating: 1, date: '2026-11-20T22:30:00.000Z' })).toBe('You reviewed this product on 21 Nov 2026 (1 star). Posting again replaces that review.');
    expect(ownReviewNote({ rating: 5, date: '2026-11-14T08:00:00.000Z' })).toBe('You reviewed this product on 14 Nov 2026 (5 stars). Posting again replaces that review.');
  });
});

describe('withPostedReview', () => {
  const before = { figures: figures([0, 0, 1, 1, 0], 2), reviews: [review('b', 3), review('a', 4)] };
  it("puts a first review first and takes the reply's figures", () => {
    const after = figures([0, 0, 1, 1, 1], 3);
    const shown = withPostedReview(before, { review: review('c', 5), product: after });
    expect(shown.reviews.map((r) => r._id)).toEqual(['c', 'b', 'a']);
    expect(shown.figures).toEqual(after);
  });
  it('drops the review it replaced, by its own id or the earlier one', () => {
    const after = figures([0, 0, 1, 0, 1], 2);
    expect(withPostedReview(before, { review: review('a', 5), product: after }).reviews.map((r) => r._id)).toEqual(['a', 'b']);
    expect(withPostedReview(before, { review: review('z', 5), product: after }, 'b').reviews.map((r) => r._id)).toEqual(['z', 'a']);
  });
});

describe('stillWrong', () => {
  const errors = { rating: REVIEW_MESSAGES.rating, comment: REVIEW_MESSAGES.commentRequired };
  it('drops a message once its field, edited since, passes; keeps the untouched and the still wrong', () => {
    expect(stillWrong(errors, { rating: 0, comment: '' }, new Set())).toEqual(errors);
    expect(stillWrong(errors, { rating: 4, comment: '' }, new Set(['rating']))).toEqual({ comment: REVIEW_MESSAGES.commentRequired });
    expect(stillWrong(errors, { rating: 4, comment: '  ' }, new Set(['rating', 'comment']))).toEqual({ comment: REVIEW_MESSAGES.commentRequired });
    expect(stillWrong(errors, { rating: 4, comment: 'Fresh and good' }, new Set(['rating', 'comment']))).toEqual({});
    // A server's message on a field the shopper has not touched stays, whatever the local check says.
    expect(stillWrong({ comment: 'Refused by the store.' }, { rating: 4, comment: 'Fine' }, new Set(['rating']))).toEqual({ comment: 'Refused by the store.' });
  });
});
