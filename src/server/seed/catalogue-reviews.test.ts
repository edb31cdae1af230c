/** The seed's ratings and written reviews: coherent with each other, and each fitting its product. */
import { describe, expect, it } from 'vitest';
import { countStars, summarizeRatings, uncountedStars, type RatingsByStar } from '#lib/ratings.ts';
import type { ProductInput } from '#lib/schemas/catalog.ts';
import { kindOf, products, reviews } from './catalogue.ts';
import { SEED_NOW } from './catalogue/define.ts';
import { GENERAL, KINDS } from './catalogue/sayings.ts';
import { spreadRatings, starAt } from './ratings.ts';

const byStar = (p: ProductInput): RatingsByStar => ({
  '1': p.ratings1 as number,
  '2': p.ratings2 as number,
  '3': p.ratings3 as number,
  '4': p.ratings4 as number,
  '5': p.ratings5 as number,
});
const written = (id: string) => reviews.filter((r) => r.productId === id);
const kindName = new Map(Object.entries(KINDS).flatMap(([name, k]) => k.products.map((id) => [id, name] as const)));

describe('seed ratings', () => {
  it('stores every product as whole, non-negative counts per star, never as an average', () => {
    for (const p of products) {
      for (const n of Object.values(byStar(p))) expect(Number.isInteger(n) && n >= 0, p._id).toBe(true);
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

  it('dates every review after its product went on sale and before the seed "now"', () => {
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
  it('puts every product in exactly one kind, and names no product that does not exist', () => {
    const ids = new Set(products.map((p) => p._id));
    const listed = Object.values(KINDS).flatMap((k) => k.products);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((id) => !ids.has(id))).toEqual([]);
    expect(products.filter((p) => !kindOf.has(p._id)).map((p) => p._id)).toEqual([]);
  });

  it("takes every review from its product's kind or from the remarks about the order, stars and all", () => {
    for (const r of reviews) {
      const pool = [...kindOf.get(r.productId)!.say, ...GENERAL];
      expect(pool.some(([stars, text]) => text === r.comment && stars === r.rating), `${r.productId}: ${r.comment}`).toBe(true);
    }
  });

  it('has general remarks of every number of stars, and none about a kind of product', () => {
    for (const stars of [1, 2, 3, 4, 5]) expect(GENERAL.filter(([s]) => s === stars).length).toBeGreaterThanOrEqual(3);
  });

  // Words that give a review away as being about one kind of product, and the kinds they may appear on.
  const RULES: [RegExp, string[]][] = [
    [/\b(chai|tea|doodh patti)\b/i, ['tea', 'greenTea', 'teaWhitener', 'milk', 'teaTime']],
    [/\b(fizz|fizzy|bubbly|bubbles|flat)\b/i, ['fizzy', 'mixers', 'sparklingJuice']],
    [/\b(cats?|billi|kitten|dogs?|budgies|birds|vet|pets?)\b/i, ['catFood', 'dogFood', 'catLitter', 'birdSeed', 'fishFood']],
    [/\bfish\b/i, ['seafood', 'fishFood']],
    [/\b(babys?|baby's|nappy|nappies|diapers?)\b/i, ['nappies', 'babyFood', 'formula', 'babyGear', 'babyToiletries']],
    [/\b(skin|hair|baalon|dandruff)\b/i, ['soap', 'shampoo', 'hairOil', 'skinCare', 'babyToiletries']],
    [/\b(stains?|daag)\b/i, ['laundry', 'toiletCleaner']],
    [/\b(milk|doodh)\b/i, ['milk', 'tea', 'teaWhitener', 'plantMilk']],
    [/\b(juice|fruity|fruit)\b/i, ['juice', 'fruit', 'sparklingJuice', 'cannedFruit']],
    [/\b(machar|mosquito|dengue)\b/i, ['insectSpray']],
    [/\b(roti|atta|chakki)\b/i, ['flour']],
    [/\b(gosht|meat|karahi)\b/i, ['meat', 'knives']],
    [/\b(sabzi)\b/i, ['vegetables', 'knives']],
    [/\b(load shedding|bijli|ups)\b/i, ['ledBulb', 'torch']],
    [/\b(mithai)\b/i, ['mithai']],
    [/\b(shave|blunt)\b/i, ['razor']],
    [/\b(monsoon|rain)\b/i, ['umbrella', 'raincoat', 'salt']],
    [/\b(fabric|stitching|wash)\b/i, ['easternWear', 'cap', 'bags', 'socks', 'basics', 'laundry']],
  ];

  it('uses tell-tale words only on the kinds they belong to', () => {
    const misfits: string[] = [];
    for (const r of reviews) {
      const kind = kindName.get(r.productId)!;
      for (const [words, kinds] of RULES) {
        if (words.test(r.comment) && !kinds.includes(kind)) misfits.push(`${r.productId} (${kind}): ${r.comment}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it('keeps the kinds own sayings to their own words', () => {
    for (const [name, kind] of Object.entries(KINDS)) {
      for (const [, text] of kind.say) {
        for (const [words, kinds] of RULES) if (words.test(text)) expect(kinds, `${name}: ${text}`).toContain(name);
      }
    }
    for (const [, text] of GENERAL) for (const [words] of RULES) expect(words.test(text), text).toBe(false);
  });
});

describe('spreadRatings', () => {
  it('spreads exactly n ratings, mostly high for good products and lower for poor ones', () => {
    for (const n of [0, 1, 2, 7, 100, 999]) {
      for (const q of [0, 0.3, 1]) {
        const spread = spreadRatings(n, q, 0.37);
        expect(summarizeRatings(spread).numRatings).toBe(n);
        for (const c of Object.values(spread)) expect(c).toBeGreaterThanOrEqual(0);
      }
    }
    expect(summarizeRatings(spreadRatings(1000, 0, 0.5)).rating).toBeCloseTo(3.6, 1);
    expect(summarizeRatings(spreadRatings(1000, 1, 0.5)).rating).toBeCloseTo(4.6, 1);
    const good = spreadRatings(1000, 0.8, 0.1);
    expect(good['5']).toBeGreaterThan(good['4']);
    expect(good['4']).toBeGreaterThan(good['1']);
  });

  it('agrees with starAt, rating by rating', () => {
    for (const [n, q, offset] of [[13, 0.2, 0.9], [250, 0.65, 0.01], [3, 1, 0]] as const) {
      const stars = Array.from({ length: n }, (_, i) => starAt(q, (i + offset) / n));
      expect(spreadRatings(n, q, offset)).toEqual(countStars(stars));
    }
  });
});
