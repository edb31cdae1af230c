/** The seed's ratings and written reviews: coherent with each other, and each fitting its product. */
import { describe, expect, it } from 'vitest';
import { countStars, starsOf, summarizeRatings, uncountedStars } from '#lib/ratings.ts';
import type { ProductInput } from '#lib/schemas/catalog.ts';
import { products, reviews } from './catalogue.ts';

/** The seed's "today": every product and review dates from before it. */
const SEED_NOW = Date.parse('2026-11-15T09:00:00Z');

const byStar = (p: ProductInput) => starsOf(p as Parameters<typeof starsOf>[0]);
const written = (id: string) => reviews.filter((r) => r.productId === id);

describe('seed ratings', () => {
  it('stores every product as whole, non-negative counts per star, never as an average', () => {
    for (const p of products) {
      for (const field of ['ratings1', 'ratings2', 'ratings3', 'ratings4', 'ratings5'] as const) {
        expect(Number.isInteger(p[field]) && Number(p[field]) >= 0, `${p._id} ${field}`).toBe(true);
      }
      expect(p, p._id).not.toHaveProperty('rating');
      expect(p, p._id).not.toHaveProperty('numReviews');
    }
  });

  it('counts every written review among the ratings, with its own stars', () => {
    for (const p of products) {
      const own = written(p._id);
      expect(own.length, p._id).toBeLessThanOrEqual(summarizeRatings(byStar(p)).numRatings);
      expect(uncountedStars(byStar(p), countStars(own.map((r) => r.rating))), p._id).toEqual([]);
    }
  });

  it('looks like a real shop: most products rated, mostly well, some not yet', () => {
    const summaries = products.map((p) => summarizeRatings(byStar(p)));
    const rated = summaries.filter((s) => s.numRatings > 0);
    expect(rated.length).toBeGreaterThan(products.length * 0.85);
    expect(rated.length).toBeLessThan(products.length);
    expect(summaries.some((s) => s.numRatings === 1)).toBe(true);
    expect(Math.max(...summaries.map((s) => s.numRatings))).toBeGreaterThan(300);
    for (const s of summaries.filter((x) => x.numRatings >= 20)) {
      expect(s.rating).toBeGreaterThanOrEqual(3.4);
      expect(s.rating).toBeLessThanOrEqual(4.8);
    }
  });

  it('writes reviews on most rated products, more on the much-rated, at most 6', () => {
    const withWritten = products.filter((p) => written(p._id).length > 0);
    expect(withWritten.length).toBeGreaterThan(products.length * 0.5);
    expect(withWritten.length).toBeLessThan(products.length * 0.9);
    for (const p of products) expect(written(p._id).length, p._id).toBeLessThanOrEqual(6);
    const muchRated = products.filter((p) => summarizeRatings(byStar(p)).numRatings >= 150);
    expect(muchRated.filter((p) => written(p._id).length >= 1).length).toBe(muchRated.length);
    expect(muchRated.some((p) => written(p._id).length >= 4)).toBe(true);
  });

  it('dates every review after its product went on sale and before the seed\'s "today"', () => {
    const created = new Map(products.map((p) => [p._id, Date.parse(p.createdAt!)]));
    for (const r of reviews) {
      expect(Date.parse(r.date), r.productId).toBeGreaterThan(created.get(r.productId)!);
      expect(Date.parse(r.date), r.productId).toBeLessThan(SEED_NOW);
    }
  });

  it('never repeats a saying or a reviewer on one product', () => {
    for (const p of products) {
      const own = written(p._id);
      expect(new Set(own.map((r) => r.comment)).size, p._id).toBe(own.length);
      expect(new Set(own.map((r) => r.userName)).size, p._id).toBe(own.length);
    }
  });
});

describe('seed reviews fit their product', () => {
  // Words that give a review away as being about one kind of product, and the names of the
  // products they may appear on: a remark about chai belongs on tea, never on a soft drink.
  const RULES: [RegExp, RegExp][] = [
    [/\b(chai|tea|doodh patti)\b/i, /\b(tea|milk|rusk|bakarkhani|khatai|biscuits|family pack|crackers)\b/i],
    [/\b(fizz|fizzy|bubbly|bubbles|flat)\b/i, /\b(coca-cola|pepsi|7up|sprite|fanta|tonic|soda|ginger ale|sparkling)\b/i],
    [/\b(cats?|billi|kitten|dogs?|budgies|birds|vet|pets?)\b/i, /\b(whiskas|me-o|pedigree|cat litter|budgie|fish flakes)\b/i],
    [/\bfish\b/i, /\b(rohu|prawns|fish flakes)\b/i],
    [/\b(babys?|baby's|nappy|nappies|diapers?)\b/i, /\b(pampers|molfix|canbebe|cerelac|formula|nido|feeding bottle|soother|sippy|johnson's baby)\b/i],
    [/\b(skin|hair|baalon|dandruff)\b/i, /\b(soap|hand wash|shampoo|hair oil|cream|lotion|johnson's baby)\b/i],
    [/\b(stains?|daag)\b/i, /\b(washing powder|detergent|toilet cleaner)\b/i],
    [/\b(milk|doodh)\b/i, /\b(milk|tea|tea whitener)\b/i],
    [/\b(juice|fruity|fruit)\b/i, /\b(juice|fruita|grape|bananas|oranges|apples|fruit cocktail)\b/i],
    [/\b(machar|mosquito|dengue)\b/i, /\b(insect|mosquito)\b/i],
    [/\b(roti|atta|chakki)\b/i, /\batta\b/i],
    [/\b(gosht|meat|karahi)\b/i, /\b(chicken|mutton|beef|knife)\b/i],
    [/\b(sabzi)\b/i, /\b(tomatoes|onions|potatoes|coriander|chillies|garlic|ginger|knife)\b/i],
    [/\b(load shedding|bijli|ups)\b/i, /\bled\b/i],
    [/\b(mithai)\b/i, /\b(mithai|gulab jamun|rasmalai|halwa|soan papdi)\b/i],
    [/\b(shave|blunt)\b/i, /\brazors?\b/i],
    [/\b(monsoon|rain)\b/i, /\b(umbrella|rain coat|salt)\b/i],
    [/\b(fabric|stitching|wash)\b/i, /\b(shalwar kameez|lawn suit|dupatta|cap|bag|socks|vest|t-shirt|washing powder|detergent)\b/i],
  ];

  it('uses tell-tale words only on the products they belong to', () => {
    const name = new Map(products.map((p) => [p._id, p.name]));
    const misfits: string[] = [];
    for (const r of reviews) {
      for (const [words, names] of RULES) {
        if (words.test(r.comment) && !names.test(name.get(r.productId)!)) misfits.push(`${name.get(r.productId)}: ${r.comment}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it('has remarks about the order itself (no tell-tale words) of every number of stars', () => {
    const general = reviews.filter((r) => RULES.every(([words]) => !words.test(r.comment)));
    for (const stars of [1, 2, 3, 4, 5]) expect(new Set(general.filter((r) => r.rating === stars).map((r) => r.comment)).size).toBeGreaterThanOrEqual(3);
  });
});
