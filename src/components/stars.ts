/** Width of the gold layer of the stars, as a CSS percentage of five stars. */
export function starsPercent(rating: number): number {
  return Math.max(0, Math.min(100, (rating / 5) * 100));
}
