/**
 * Believable star ratings for made-up catalogues (the scale generator). Deterministic: every
 * choice comes from numbers the caller passes in (a seeded generator); no Math.random, no clock.
 *
 * Shops' ratings are J-shaped: mostly fives and fours, a tail of ones. `quality` in [0, 1] moves
 * the average from about 3.6 to about 4.6.
 */
import { NO_RATINGS, type RatingsByStar, type Star } from '#lib/ratings.ts';

/**
 * Where each star's share ends on [0, 1], for 1 to 4 stars (5 stars ends at 1): the shares
 * of 1 … 5 stars for a quality in [0, 1], summed up.
 */
function edges(quality: number): [number, number, number, number] {
  const q = Math.min(1, Math.max(0, quality));
  const w1 = 0.12 - 0.1 * q;
  const w2 = 0.1 - 0.085 * q;
  const w3 = 0.18 - 0.14 * q;
  const w4 = 0.3 - 0.05 * q;
  const total = w1 + w2 + w3 + w4 + (0.3 + 0.45 * q);
  return [w1 / total, (w1 + w2) / total, (w1 + w2 + w3) / total, (w1 + w2 + w3 + w4) / total];
}

/** The star at position x in [0, 1) of the distribution for `quality`. */
export function starAt(quality: number, x: number): Star {
  const e = edges(quality);
  for (let i = 0; i < 4; i++) if (x < e[i]) return (i + 1) as Star;
  return 5;
}

/**
 * `n` ratings spread over the stars for `quality`: rating i (0-based) gets the star at
 * (i + offset) / n, offset in [0, 1). Counted in closed form, so a 100,000-product catalogue
 * costs a few steps a product, whatever n is.
 */
export function spreadRatings(n: number, quality: number, offset: number): RatingsByStar {
  if (n <= 0) return { ...NO_RATINGS };
  // Ratings below position `edge` number ceil(edge * n - offset), for offset in [0, 1).
  const [b1, b2, b3, b4] = edges(quality).map((edge) => Math.max(0, Math.ceil(edge * n - offset)));
  return { '1': b1, '2': b2 - b1, '3': b3 - b2, '4': b4 - b3, '5': n - b4 };
}
