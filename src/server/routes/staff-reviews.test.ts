/**
 * Review moderation (/api/staff/reviews): the newest reviews with filters and cursor pages; hide
 * with a required reason and show again, the product's stars following in the same transaction
 * with the audit row; the shop's reads (the product, its written-review count, the pages' digest,
 * the importer's written-review rule) leave a hidden review out; a shopper replacing a hidden
 * review leaves it hidden; the reviewer's own read never says who hid it; hostile input is text
 * or a 4xx.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writtenReviewStars } from '#server/catalog/bulk.ts';
import { catalogueDigests } from '#server/catalog/digests.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { useStaffApi, type SignedInMember } from '#server/test/staff.ts';

const BASE = '/api/staff/reviews';

describe.each(testDatabases)('review moderation on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useStaffApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const as = (member: SignedInMember) => (method: string, path: string, body?: unknown) => api().checked(member, method, `${BASE}${path}`, body);
  const product = async (id: string) => (await api().call('GET', `/api/products/${id}`)).body.data;
  const reviewOf = async (moderator: ReturnType<typeof as>, userName: string) =>
    ((await moderator('GET', '?product=basmati-5kg')).body.data.reviews as { _id: string; userName: string }[]).find((r) => r.userName === userName)!;

  it('hides a review with its reason: the stars, the shop’s reads and the digest follow; showing puts it back', async () => {
    const member = await api().member('editor');
    const moderator = as(member);
    const before = await product('basmati-5kg');
    expect(before).toMatchObject({ rating: 4.7, numRatings: 10, numWrittenReviews: 3 });
    const digest = (await catalogueDigests(database().db)).products['basmati-5kg'];
    const hina = await reviewOf(moderator, 'Hina');

    const noReason = await moderator('POST', `/${hina._id}/hide`, { reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'Please write why the review is hidden.' });
    expect((await moderator('POST', `/${hina._id}/hide`, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await moderator('POST', `/${hina._id}/hide`, {})).status).toBe(400);

    const reason = 'Spam <img src=x onerror=alert(1)>';
    const hidden = await moderator('POST', `/${hina._id}/hide`, { reason });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.product).toEqual({ rating: 4.8, numRatings: 9, ratingsByStar: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 7 }, numWrittenReviews: 2 });
    expect(hidden.body.data.review).toMatchObject({ _id: hina._id, hidden: { reason, by: 'A editor', at: expect.any(String) } });

    const after = await product('basmati-5kg');
    expect(after).toMatchObject({ rating: 4.8, numRatings: 9, numWrittenReviews: 2 });
    expect(after.reviews.map((r: { userName: string }) => r.userName)).not.toContain('Hina');
    const listed = (await api().call('GET', '/api/products?include=reviews&limit=50')).body.data.products.find((p: { _id: string }) => p._id === 'basmati-5kg');
    expect(listed).toMatchObject({ numWrittenReviews: 2 });
    expect(listed.reviews).toHaveLength(2);
    expect((await catalogueDigests(database().db)).products['basmati-5kg']).not.toBe(digest);
    expect(await writtenReviewStars(database().db, ['basmati-5kg'])).toEqual(new Map([['basmati-5kg', { 1: 0, 2: 0, 3: 0, 4: 0, 5: 2 }]]));
    // Not an editor's change to the product: its version stays.
    expect(await rows(sql`select version from products where id = 'basmati-5kg'`)).toEqual([{ version: 1 }]);
    expect(await rows(sql`select staff_id, action, before, after from audit_log where record_kind = 'review' and record_id = ${hina._id}`)).toEqual([
      { staff_id: member.id, action: 'review.hide', before: { shown: true }, after: { shown: false, reason } },
    ]);
    expect((await moderator('POST', `/${hina._id}/hide`, { reason: 'again' })).status).toBe(409);

    const shown = await moderator('POST', `/${hina._id}/show`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.product).toEqual({ rating: 4.7, numRatings: 10, ratingsByStar: { 1: 0, 2: 0, 3: 0, 4: 3, 5: 7 }, numWrittenReviews: 3 });
    expect(shown.body.data.review.hidden).toBeNull();
    expect((await product('basmati-5kg')).reviews).toHaveLength(3);
    expect((await catalogueDigests(database().db)).products['basmati-5kg']).toBe(digest);
    expect((await moderator('POST', `/${hina._id}/show`)).status).toBe(409);
    expect((await rows(sql`select action from audit_log where record_kind = 'review' order by id`)).map((r) => r.action)).toEqual(['review.hide', 'review.show']);
  });

  it('a shopper replacing a hidden review leaves it hidden and out of the counts, and is never told who hid it', async () => {
    const moderator = as(await api().member('manager'));
    const shopper = await api().accounts.signUp();
    const post = (comment: string, rating: number) => api().call('POST', `/api/users/${shopper.userId}/review`, { productId: 'milk-1l', rating, comment }, { bearer: shopper.token });
    expect((await post('Bad milk, buy elsewhere!!!', 1)).status).toBe(201);
    const mine = ((await moderator('GET', '?product=milk-1l&rating=1')).body.data.reviews as { _id: string }[])[0];
    const hidden = await moderator('POST', `/${mine._id}/hide`, { reason: 'Abuse' });
    expect(hidden.body.data.product).toMatchObject({ numRatings: 2, numWrittenReviews: 2 });
    const replaced = await post('Still bad', 2);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.product).toMatchObject({ numRatings: 2, numWrittenReviews: 2, ratingsByStar: { 1: 0, 2: 0 } });
    expect((await product('milk-1l')).reviews.map((r: { comment: string }) => r.comment)).not.toContain('Still bad');
    const listed = (await moderator('GET', '?product=milk-1l&state=hidden')).body.data.reviews;
    expect(listed).toMatchObject([{ _id: mine._id, comment: 'Still bad', rating: 2, hidden: { reason: 'Abuse' } }]);
    // Showing it puts its current star back.
    expect((await moderator('POST', `/${mine._id}/show`)).body.data.product).toMatchObject({ numRatings: 3, ratingsByStar: { 2: 1 } });
    const own = await api().call('GET', `/api/users/${shopper.userId}/review?productId=milk-1l`, undefined, { bearer: shopper.token });
    expect(JSON.stringify(own.body)).not.toMatch(/hidden|reason|Abuse|A manager/);
  });

  it('lists newest first with filters and cursor pages; refuses bad filters, unknown reviews and other roles', async () => {
    const moderator = as(await api().member('editor'));
    const all = (await moderator('GET', '')).body.data;
    expect(all.next).toBeNull();
    const dates = all.reviews.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.reviews[0]).toMatchObject({ productName: expect.any(String), hidden: null });
    expect((await moderator('GET', '?rating=4')).body.data.reviews.map((r: { userName: string }) => r.userName).sort()).toEqual(['Bilal', 'Hina']);
    expect((await moderator('GET', '?state=hidden')).body.data.reviews).toEqual([]);

    await database().db.execute(sql`insert into reviews (product_id, user_name, rating, comment, created_at)
      select 'eggs-12', 'Shopper ' || n, 3, 'Review ' || n, timestamptz '2026-02-01T00:00:00Z' + n * interval '1 minute' from generate_series(1, 60) n`);
    const first = (await moderator('GET', '?product=eggs-12')).body.data;
    expect(first.reviews).toHaveLength(50);
    expect(first.reviews[0].userName).toBe('Shopper 60');
    const second = (await moderator('GET', `?product=eggs-12&before=${encodeURIComponent(first.next)}`)).body.data;
    expect(second.reviews.map((r: { userName: string }) => r.userName)).toEqual(Array.from({ length: 10 }, (_, i) => `Shopper ${10 - i}`));
    expect(second.next).toBeNull();

    for (const bad of ['?rating=6', '?state=gone', '?before=yesterday', '?sort=x']) expect((await moderator('GET', bad)).status, bad).toBe(400);
    expect((await moderator('POST', '/not-a-review/hide', { reason: 'x' })).status).toBe(400);
    expect((await moderator('POST', '/00000000-0000-4000-8000-000000000000/hide', { reason: 'x' })).status).toBe(404);
    const packer = await api().member('packer');
    const id = all.reviews[0]._id;
    for (const [method, path, body] of [['GET', ''], ['POST', `/${id}/hide`, { reason: 'x' }], ['POST', `/${id}/show`]] as const) {
      expect((await api().call(method, `${BASE}${path}`, body, { cookie: packer.cookie })).status, `${method} ${path}`).toBe(403);
    }
  });
});
