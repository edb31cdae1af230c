/** The categories' order after moving the one at `index` up (-1) or down (1); the order as it was at the ends. */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  const next = [...ids];
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return next;
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
