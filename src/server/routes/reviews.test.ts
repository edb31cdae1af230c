/**
 * The reviews API (contract in src/lib/schemas/reviews.ts): only the token's owner posts
 * and reads their review, one review per shopper per product (a second replaces the first and its
 * stars move), the product's figures recomputed in the same transaction, also under concurrent
 * reviews, the fresh product from /related, and every 400 of the contract.
 */
import { describe, expect, it } from 'vitest';
import { addRatings, countStars, summarizeRatings, type RatingsByStar } from '#lib/ratings.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES as M } from '#lib/schemas/reviews.ts';
import { ACCOUNT_FIELD_MESSAGES } from '#lib/schemas/account.ts';
import { startSession } from '#server/auth/sessions.ts';
import { users } from '#server/db/schema.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';

const review = (productId: string, rating: number, comment = 'Good value.') => ({ productId, rating, comment });
const path = (userId: string, productId?: string) => `/api/users/${userId}/review${productId === undefined ? '' : `?productId=${encodeURIComponent(productId)}`}`;

describe.each(testDatabases)('reviews API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const shopper = () => api().signUp();
  /** A verified account and a live session, written straight to the database (many shoppers at once, quickly). */
  const quickShopper = async (name: string) => {
    const now = api().clock.now();
    const [user] = await database()
      .db.insert(users)
      .values({ name, email: api().email('quick'), passwordHash: 'unused', verifiedAt: now, createdAt: now, updatedAt: now })
      .returning();
    return { userId: user.id, token: await startSession(database().db, user.id, now) };
  };
  const product = async (id: string) => {
    const reply = await api().call('GET', `/api/products/${id}/related`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    return reply.body.data.product as { ratingsByStar: RatingsByStar; rating: number; numRatings: number; numWrittenReviews: number; reviews: { _id: string; userName: string; rating: number; comment: string; date: string }[] };
  };

  it('posts a first review (201) under the account’s name; /related and the own-review read show it at once', async () => {
    const { userId, token } = await shopper();
    const before = await product('milk-1l');
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)> Fresh & cold.';
    const reply = await api().call('POST', path(userId), { ...review('milk-1l', 1, text), userName: 'Someone Else' }, token);
    expect(reply.status).toBe(201);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const stars = addRatings(before.ratingsByStar, countStars([1]));
    expect(reply.body).toEqual({
      success: true,
      message: 'Review submitted!',
      data: {
        review: { _id: expect.any(String), userName: 'Ayesha Khan', rating: 1, comment: text, date: api().clock.now().toISOString() },
        replaced: false,
        product: { ...summarizeRatings(stars), ratingsByStar: stars, numWrittenReviews: before.numWrittenReviews + 1 },
      },
    });
    const after = await product('milk-1l');
    expect(after.reviews[0]).toEqual(reply.body.data.review); // newest first
    expect(after).toMatchObject(reply.body.data.product);
    const own = await api().call('GET', path(userId, 'milk-1l'), undefined, token);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, data: { review: { ...reply.body.data.review, productId: 'milk-1l' } } });
    expect((await api().call('GET', path(userId, 'eggs-12'), undefined, token)).body).toEqual({ success: true, data: { review: null } });
    expect((await api().call('GET', path(userId, 'no-such-product'), undefined, token)).body).toEqual({ success: true, data: { review: null } });
  });

  it('a second review replaces the first (200): its stars move, the rating is recomputed, its date is the new one', async () => {
    const { userId, token } = await shopper();
    const before = await product('eggs-12');
    const first = await api().call('POST', path(userId), review('eggs-12', 2, 'Two cracked.'), token);
    expect(first.status).toBe(201);
    api().clock.advance(60_000);
    const second = await api().call('POST', path(userId), review('eggs-12', 5, 'Replaced, all fine.'), token);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Review submitted!');
    const stars = addRatings(before.ratingsByStar, countStars([5]));
    expect(second.body.data).toEqual({
      review: { _id: first.body.data.review._id, userName: 'Ayesha Khan', rating: 5, comment: 'Replaced, all fine.', date: api().clock.now().toISOString() },
      replaced: true,
      product: { ...summarizeRatings(stars), ratingsByStar: stars, numWrittenReviews: before.numWrittenReviews + 1 },
    });
    const after = await product('eggs-12');
    expect(after.reviews.filter((r) => r._id === first.body.data.review._id)).toHaveLength(1);
    expect(after.reviews.map((r) => r.comment)).not.toContain('Two cracked.');
    expect(after.reviews[0].comment).toBe('Replaced, all fine.');
    // The same stars again: nothing moves, the text changes.
    const third = await api().call('POST', path(userId), review('eggs-12', 5, 'Still fine.'), token);
    expect(third.status).toBe(200);
    expect(third.body.data.product).toEqual(second.body.data.product);
    expect((await api().call('GET', path(userId, 'eggs-12'), undefined, token)).body.data.review).toMatchObject({ rating: 5, comment: 'Still fine.' });
  });

  it('a shopper can neither post nor read another’s review through their userId (403); no token is a 401', async () => {
    const a = await shopper();
    const b = await shopper();
    await api().call('POST', path(a.userId), review('cheese-slices', 4, 'A’s words.'), a.token);
    const before = await product('cheese-slices');
    const post = await api().call('POST', path(a.userId), review('cheese-slices', 1, 'B pretending.'), b.token);
    expect(post.status).toBe(403);
    expect(post.body).toEqual({ success: false, message: M.notYours });
    const read = await api().call('GET', path(a.userId, 'cheese-slices'), undefined, b.token);
    expect(read.status).toBe(403);
    expect(read.body).toEqual({ success: false, message: M.notYours });
    // An upper-case spelling of A's id is still A's.
    expect((await api().call('POST', path(a.userId.toUpperCase()), review('cheese-slices', 1, 'x'), b.token)).status).toBe(403);
    for (const token of [undefined, 'A'.repeat(43)]) {
      expect((await api().call('POST', path(a.userId), review('cheese-slices', 1, 'x'), token)).status).toBe(401);
      expect((await api().call('GET', path(a.userId, 'cheese-slices'), undefined, token)).status).toBe(401);
    }
    expect(await product('cheese-slices')).toEqual(before);
    // B's own path reads B's own (no) review, not A's.
    expect((await api().call('GET', path(b.userId, 'cheese-slices'), undefined, b.token)).body.data.review).toBeNull();
  });

  it('an unknown product is a 404 and counts nothing', async () => {
    const { userId, token } = await shopper();
    const reply = await api().call('POST', path(userId), review('no-such-product', 5), token);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: 'Product not found' });
  });

  it('an account name longer than the body’s userName bound is shown as is', async () => {
    const long = await quickShopper('N'.repeat(100));
    const reply = await api().call('POST', path(long.userId), review('atta-10kg', 3), long.token);
    expect(reply.status).toBe(201);
    expect(reply.body.data.review.userName).toBe('N'.repeat(100));
  });

  it.each([
    [{ rating: 0 }, 'rating', M.rating],
    [{ rating: 6 }, 'rating', M.rating],
    [{ rating: 4.5 }, 'rating', M.rating],
    [{ rating: '5' }, 'rating', M.rating],
    [{ rating: undefined }, 'rating', M.rating],
    [{ comment: undefined }, 'comment', M.commentRequired],
    [{ comment: '   ' }, 'comment', M.commentRequired],
    [{ comment: 42 }, 'comment', M.commentRequired],
    [{ comment: 'x'.repeat(REVIEW_LIMITS.comment + 1) }, 'comment', M.commentTooLong],
    [{ comment: 'Nice\u0000' }, 'comment', M.controls],
    [{ comment: 'Nice\u001b[31m' }, 'comment', M.controls],
    [{ productId: undefined }, 'productId', M.productRequired],
    [{ productId: ' ' }, 'productId', M.productRequired],
    // A NUL reached the database and was a 500: PostgreSQL text cannot hold it.
    [{ productId: 'milk-1l\u0000' }, 'productId', M.productInvalid],
    [{ productId: '\u0000' }, 'productId', M.productInvalid],
    [{ productId: 'milk\n1l' }, 'productId', M.productInvalid],
    [{ productId: 'p'.repeat(REVIEW_LIMITS.productId + 1) }, 'productId', M.productRequired],
    [{ userName: 'u'.repeat(REVIEW_LIMITS.userName + 1) }, 'userName', `userName must be at most ${REVIEW_LIMITS.userName}.`],
    [{ isAdmin: true }, 'isAdmin', "Unknown field 'isAdmin'."],
  ])('POST with %j is a 400 naming %s', async (change, field, message) => {
    const { userId, token } = await shopper();
    const reply = await api().call('POST', path(userId), { ...review('milk-1l', 4), ...change }, token);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message, errors: { [field]: message } });
  });

  it('keeps line breaks and tabs in a comment', async () => {
    const { userId, token } = await shopper();
    const reply = await api().call('POST', path(userId), review('tapal-danedar-950g', 4, 'Strong.\n\n\tGood with milk.'), token);
    expect(reply.status).toBe(201);
    expect(reply.body.data.review.comment).toBe('Strong.\n\n\tGood with milk.');
  });

  it.each([
    ['not-a-uuid'],
    ['%00'],
    [`${'a'.repeat(5000)}`],
    ['00000000-0000-0000-0000-00000000000%0A'],
  ])('a userId of %s is a 400 on both routes, never a 500', async (bad) => {
    const { token } = await shopper();
    for (const reply of [
      await api().call('POST', `/api/users/${bad}/review`, review('milk-1l', 4), token),
      await api().call('GET', `/api/users/${bad}/review?productId=milk-1l`, undefined, token),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, errors: { userId: ACCOUNT_FIELD_MESSAGES.userId } });
    }
  });

  it.each([
    ['', "Invalid query parameter 'productId': Product id is required."],
    ['?productId=', "Invalid query parameter 'productId': Product id is required."],
    ['?productId=milk%001l', "Invalid query parameter 'productId': must not contain control characters"],
    [`?productId=${'p'.repeat(201)}`, "Invalid query parameter 'productId': Product id is required."],
    ['?productId=milk-1l&productId=eggs-12', "Invalid query parameter 'productId': must be given only once"],
    ['?productId=milk-1l&valueOf=1', "Invalid query parameter 'valueOf': is not a known parameter"],
  ])('GET with the query %s is a 400', async (query, message) => {
    const { userId, token } = await shopper();
    const reply = await api().call('GET', `/api/users/${userId}/review${query}`, undefined, token);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message });
  });

  it('20 shoppers reviewing one product at once, and one shopper sending 10 reviews at once: the counts add up', async () => {
    const before = await product('basmati-5kg');
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => quickShopper(`Shopper ${i}`)));
    const repeater = await quickShopper('Repeater');
    const stars = shoppers.map((_, i) => [5, 1, 4, 2, 3][i % 5]);
    const replies = await Promise.all([
      ...shoppers.map((s, i) => api().call('POST', path(s.userId), review('basmati-5kg', stars[i], `Review ${i}`), s.token)),
      ...Array.from({ length: 10 }, (_, i) => api().call('POST', path(repeater.userId), review('basmati-5kg', (i % 5) + 1, `Try ${i}`), repeater.token)),
    ]);
    const mine = replies.slice(20);
    expect(replies.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(mine.filter((r) => r.status === 201)).toHaveLength(1);
    expect(mine.filter((r) => r.status === 200)).toHaveLength(9);

    const after = await product('basmati-5kg');
    const kept = after.reviews.filter((r) => r.userName === 'Repeater');
    expect(kept).toHaveLength(1); // exactly one review of theirs, whichever came last
    const expected = addRatings(before.ratingsByStar, countStars([...stars, kept[0].rating]));
    expect(after.ratingsByStar).toEqual(expected);
    expect({ rating: after.rating, numRatings: after.numRatings }).toEqual(summarizeRatings(expected));
    expect(after.numWrittenReviews).toBe(before.numWrittenReviews + 21);
    expect(after.reviews).toHaveLength(before.reviews.length + 21);
    // Each of the 20 new reviews saw its own rating counted: the counts they returned all differ.
    expect(new Set(replies.slice(0, 20).map((r) => r.body.data.product.numRatings)).size).toBe(20);
  });
});
