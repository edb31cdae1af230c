import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addRatings, countStars, summarizeRatings } from '#lib/ratings.ts';
import { ProductDetailSchema, type ProductDetail } from '#lib/schemas/catalog.ts';
import { createApp } from '#server/app.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { users } from '#server/db/schema.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { addReview, ownReview } from './add-review.ts';

describe.each(testDatabases)('addReview on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const detail = async (id: string): Promise<ProductDetail> => {
    const res = await createApp({ db: database().db, logError: () => {} }).request(`/api/products/${id}`);
    return ProductDetailSchema.parse(((await res.json()) as { data: unknown }).data);
  };

  it('stores the review and recomputes the rating and counts from the stored ratings', async () => {
    const { db } = database();
    const before = await detail('milk-1l'); // 4 and 5 stars: 4.5 from 2 ratings, 2 written
    const version = await catalogVersion(db);
    const at = new Date('2024-03-01T08:00:00.000Z');
    const added = await addReview(db, { productId: 'milk-1l', userName: ' Hina ', rating: 1, comment: 'Sour the next day.' }, at);
    expect(added!.review).toMatchObject({ userName: 'Hina', rating: 1, comment: 'Sour the next day.', date: at.toISOString() });
    // (4 + 5 + 1) / 3 = 3.3
    expect(added!.product).toEqual({ rating: 3.3, numRatings: 3, ratingsByStar: { ...before.ratingsByStar, '1': 1 }, numWrittenReviews: 3 });
    const after = await detail('milk-1l');
    expect(after).toMatchObject(added!.product);
    expect(after.reviews.map((r) => r.comment)).toContain('Sour the next day.');
    expect(await catalogVersion(db)).not.toBe(version);
  });

  it('counts a review on a product nobody had rated', async () => {
    const added = await addReview(database().db, { productId: 'pepsi-1-5l', userName: 'Ali', rating: 4, comment: 'Cold and fizzy.' });
    expect(added!.product).toEqual({ rating: 4, numRatings: 1, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 }, numWrittenReviews: 1 });
  });

  it('changes nothing for an unknown product or invalid stars', async () => {
    const { db } = database();
    const version = await catalogVersion(db);
    expect(await addReview(db, { productId: 'no-such-product', userName: 'A', rating: 5, comment: 'x' })).toBeUndefined();
    await expect(addReview(db, { productId: 'eggs-12', userName: 'A', rating: 6, comment: 'x' })).rejects.toThrow();
    await expect(addReview(db, { productId: 'eggs-12', userName: 'A', rating: 4.5, comment: 'x' })).rejects.toThrow();
    await expect(addReview(db, { productId: 'eggs-12', userName: 'A', rating: 4, comment: '  ' })).rejects.toThrow();
    expect(await catalogVersion(db)).toBe(version);
  });

  it('a shopper’s second review of a product replaces the first and moves its stars; anonymous reviews are all kept', async () => {
    const { db } = database();
    const [user] = await db.insert(users).values({ name: 'Zara', email: 'zara@example.pk', passwordHash: 'unused' }).returning();
    const before = await detail('tapal-danedar-950g');
    const first = await addReview(db, { productId: 'tapal-danedar-950g', userId: user.id, userName: 'Zara', rating: 2, comment: 'Weak.' }, new Date('2024-05-01T00:00:00Z'));
    expect(first!.replaced).toBe(false);
    const at = new Date('2024-05-02T00:00:00Z');
    const second = await addReview(db, { productId: 'tapal-danedar-950g', userId: user.id, userName: 'Zara K', rating: 4, comment: 'Better the second time.' }, at);
    expect(second!.replaced).toBe(true);
    expect(second!.review).toEqual({ _id: first!.review._id, userName: 'Zara K', rating: 4, comment: 'Better the second time.', date: at.toISOString() });
    const stars = addRatings(before.ratingsByStar, countStars([4]));
    expect(second!.product).toEqual({ ...summarizeRatings(stars), ratingsByStar: stars, numWrittenReviews: before.numWrittenReviews + 1 });
    expect(await ownReview(db, user.id, 'tapal-danedar-950g')).toEqual({ ...second!.review, productId: 'tapal-danedar-950g' });
    // Without a userId (seed, imports) every review is its own.
    await addReview(db, { productId: 'tapal-danedar-950g', userName: 'Guest', rating: 3, comment: 'One.' });
    await addReview(db, { productId: 'tapal-danedar-950g', userName: 'Guest', rating: 3, comment: 'Two.' });
    expect((await detail('tapal-danedar-950g')).numWrittenReviews).toBe(before.numWrittenReviews + 3);
    // Deleting the account keeps its review and its stars, no longer tied to anyone.
    await db.delete(users).where(eq(users.id, user.id));
    const after = await detail('tapal-danedar-950g');
    expect(after.reviews.map((r) => r.comment)).toContain('Better the second time.');
    expect(after.ratingsByStar).toEqual(addRatings(stars, countStars([3, 3])));
  });

  it('N concurrent reviews give exactly N more ratings and the right average', async () => {
    const { db } = database();
    const before = await detail('basmati-5kg');
    const stars = Array.from({ length: 24 }, (_, i) => [5, 1, 4, 2, 3, 5][i % 6]);
    const results = await Promise.all(
      stars.map((rating, i) => addReview(db, { productId: 'basmati-5kg', userName: `Shopper ${i}`, rating, comment: `Review ${i}` })),
    );
    expect(results.every((r) => r !== undefined)).toBe(true);
    const expected = addRatings(before.ratingsByStar, countStars(stars));
    const after = await detail('basmati-5kg');
    expect(after.ratingsByStar).toEqual(expected);
    expect({ rating: after.rating, numRatings: after.numRatings }).toEqual(summarizeRatings(expected));
    expect(after.numRatings).toBe(before.numRatings + 24);
    expect(after.numWrittenReviews).toBe(before.numWrittenReviews + 24);
    expect(after.reviews).toHaveLength(before.reviews.length + 24);
    // Each transaction saw its own review counted: the counts it returned are all different.
    expect(new Set(results.map((r) => r!.product.numRatings)).size).toBe(24);
  });
});
