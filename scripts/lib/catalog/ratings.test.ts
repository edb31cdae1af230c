import { describe, expect, it } from 'vitest';
import { countStars, summarizeRatings } from '#lib/ratings.ts';
import { spreadRatings, starAt } from './ratings.ts';

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
