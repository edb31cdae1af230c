import { readFile } from 'node:fs/promises';
import { describe, it, expect } from 'vitest';
import {
  CategoryInputSchema,
  FALLBACK_CATEGORY_NAMES,
  ProductInputSchema,
  ReviewInputSchema,
  type ProductInput,
} from '#lib/schemas/catalog.ts';
import { parseCatalog } from '#server/catalog/file-format.ts';
import { validateCatalog } from '#server/catalog/validate-catalog.ts';
import { SEED_CATALOGUE_FILE, categories, products, reviews } from './catalogue.ts';
import { checkSeed } from './index.ts';

describe('seed catalogue', () => {
  it('is a catalogue file the importer takes as it stands', async () => {
    const result = validateCatalog(parseCatalog(await readFile(SEED_CATALOGUE_FILE, 'utf8'), 'json'), []);
    expect(result.errors).toEqual([]);
    expect(result.products).toHaveLength(products.length);
    expect(() => checkSeed({ categories, products, reviews })).not.toThrow();
  });

  it('is refused with every problem named when a row or a review is wrong', () => {
    const first = products[0];
    const reviewed = products.findIndex((p, i) => i > 0 && reviews.some((r) => r.productId === p._id));
    const unrated = { ...products[reviewed], ratings1: 0, ratings2: 0, ratings3: 0, ratings4: 0, ratings5: 0 };
    const other = products.findIndex((p, i) => i > reviewed && reviews.some((r) => r.productId === p._id));
    const noRatings = Object.fromEntries(Object.entries(products[other]).filter(([field]) => !field.startsWith('ratings'))) as ProductInput;
    const bad = {
      categories,
      products: products.map((p, i) => (i === 0 ? { ...p, price: 0 } : i === reviewed ? unrated : i === other ? noRatings : p)),
      reviews: [...reviews, { ...reviews[0], rating: 9 }, { ...reviews[0], productId: 'not-in-the-seed' }],
    };
    const refusal = (() => {
      try {
        checkSeed(bad);
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(refusal).toMatch(`Row 1 (${first._id}), field price: must be above 0`);
    expect(refusal).toMatch(`Review ${reviews.length + 1}, field rating:`);
    expect(refusal).toMatch(`Row ${reviewed + 1} (${unrated._id}), field ratings`);
    expect(refusal).toMatch(`Row ${other + 1} (${noRatings._id}), field ratings: the product has written reviews`);
    expect(refusal).toMatch(`Review ${reviews.length + 2}, field productId: unknown product 'not-in-the-seed'`);
  });

  it('every row passes its schema', () => {
    for (const c of categories) expect(CategoryInputSchema.safeParse(c).error).toBeUndefined();
    for (const p of products) expect(ProductInputSchema.safeParse(p).error, p._id).toBeUndefined();
    for (const r of reviews) expect(ReviewInputSchema.safeParse(r).error).toBeUndefined();
  });

  it('has the 13 categories in order, each with at least 20 products', () => {
    expect(categories.map((c) => c.name)).toEqual([...FALLBACK_CATEGORY_NAMES]);
    expect(new Set(categories.map((c) => c._id)).size).toBe(13);
    for (const name of FALLBACK_CATEGORY_NAMES) {
      expect(products.filter((p) => p.category === name).length, name).toBeGreaterThanOrEqual(20);
    }
    const names = new Set<string>(FALLBACK_CATEGORY_NAMES);
    for (const p of products) expect(names.has(p.category), p._id).toBe(true);
  });

  it('stocks the everyday staples of a Pakistani kiryana, each in stock with its two pictures', () => {
    const staples = [/sugar/i, /salt/i, /cooking oil|canola/i, /ghee/i, /atta/i, /basmati rice/i, /masoor daal/i, /moong daal/i, /mash daal/i, /chana daal/i, /besan/i, /tea\b/i, /matches/i, /soap/i, /eggs/i, /milk/i];
    for (const staple of staples) {
      const found = products.filter((p) => staple.test(p.name) && Number(p.stock) > 0);
      expect(found.length, String(staple)).toBeGreaterThan(0);
      for (const p of found) expect(p.images, p._id).toEqual([`/images/products/${p._id}.webp`, `/images/products/${p._id}-alt.webp`]);
    }
  });

  it('has unique, readable product ids', () => {
    const ids = products.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('prices, discounts and stock look like a real shop (ratings: catalogue-reviews.test.ts)', () => {
    for (const p of products) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.discount ?? 0).toBeLessThan(Number(p.price));
      expect(p.specifications!.length).toBeGreaterThanOrEqual(3);
      expect(p.specifications!.length).toBeLessThanOrEqual(5);
      expect(Date.parse(p.createdAt!)).toBeLessThan(Date.parse('2026-11-15T00:00:00Z'));
      expect(Date.parse(p.createdAt!)).toBeGreaterThan(Date.parse('2026-03-01T00:00:00Z'));
    }
    expect(products.filter((p) => Number(p.discount) > 0).length).toBeGreaterThan(products.length * 0.2);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => Number(p.stock) >= 1 && Number(p.stock) <= 5)).toBe(true);
  });

  it('sells no alcohol in the Beer, Wine & Spirits aisle', () => {
    const aisle = products.filter((p) => p.category === 'Beer, Wine & Spirits');
    for (const p of aisle) expect(`${p.name} ${p.description}`).not.toMatch(/\b(vodka|whisky|whiskey|lager|wine|rum|gin)\b/i);
  });

  it('reviews point at existing products and come after them', () => {
    const byId = new Map(products.map((p) => [p._id, p]));
    expect(new Set(reviews.map((r) => r.productId)).size).toBeGreaterThanOrEqual(30);
    for (const r of reviews) {
      const p = byId.get(r.productId);
      expect(p, r.productId).toBeDefined();
      expect(Date.parse(r.date)).toBeGreaterThan(Date.parse(p!.createdAt!));
    }
  });
});
