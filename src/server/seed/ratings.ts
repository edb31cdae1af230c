/**
 * Believable star ratings and written reviews for made-up catalogues (the seed and the scale
 * generator). Deterministic: every choice comes from numbers the caller passes in (a hash of the
 * product id, or a seeded generator); no Math.random, no clock.
 *
 * Shops' ratings are J-shaped: mostly fives and fours, a tail of ones. `quality` in [0, 1] moves
 * the average from about 3.6 to about 4.6.
 */
import { NO_RATINGS, STARS, type RatingsByStar, type Star } from '../../features/reviews/ratings.ts';

/** Share of each star (1 … 5) for a quality in [0, 1]; they sum to 1. */
function shares(quality: number): [number, number, number, number, number] {
  const q = Math.min(1, Math.max(0, quality));
  const w = [0.12 - 0.1 * q, 0.1 - 0.085 * q, 0.18 - 0.14 * q, 0.3 - 0.05 * q, 0.3 + 0.45 * q];
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / total) as [number, number, number, number, number];
}

/** Where the star s (1 … 5) ends on [0, 1]; 1 for 5 stars exactly. */
function upTo(quality: number, star: number): number {
  if (star >= 5) return 1;
  const s = shares(quality);
  let sum = 0;
  for (let i = 0; i < star; i++) sum += s[i];
  return sum;
}

/** The star at position x in [0, 1) of the distribution for `quality`. */
export function starAt(quality: number, x: number): Star {
  for (const star of [1, 2, 3, 4] as const) if (x < upTo(quality, star)) return star;
  return 5;
}

/**
 * `n` ratings spread over the stars for `quality`: rating i (0-based) gets the star at
 * (i + offset) / n, offset in [0, 1). Counted in closed form, so a 100,000-product catalogue
 * costs five steps a product, whatever n is.
 */
export function spreadRatings(n: number, quality: number, offset: number): RatingsByStar {
  const byStar = { ...NO_RATINGS };
  if (n <= 0) return byStar;
  // Ratings below position `edge` number ceil(edge * n - offset) (for offset in [0, 1)).
  const below = (edge: number) => (edge >= 1 ? n : Math.max(0, Math.ceil(edge * n - offset)));
  let before = 0;
  for (const star of [...STARS].reverse()) {
    const through = below(upTo(quality, star));
    byStar[`${star}`] = through - before;
    before = through;
  }
  return byStar;
}
