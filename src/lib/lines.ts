/**
 * Merging a list's duplicate lines (the same product named twice): the one rule for the checkout's
 * body, the server's placement and the signed-in cart's adds. Duplicate products become one line,
 * their quantities summed, in the order products were first named; the totals are then computed
 * from the merged lines. Of lines that carry a price (the unit price the shopper saw), the merged
 * line keeps the lowest: the server charges that or less, so a merge never raises what the shopper
 * agreed to pay. Every other field is the first line's.
 */
export interface MergeableLine {
  productId: string;
  quantity: number;
  price?: number;
}

export function mergeLines<L extends MergeableLine>(lines: readonly L[]): L[] {
  const merged = new Map<string, L>();
  for (const line of lines) {
    const seen = merged.get(line.productId);
    if (!seen) {
      merged.set(line.productId, { ...line });
      continue;
    }
    seen.quantity += line.quantity;
    if (seen.price !== undefined && line.price !== undefined) seen.price = Math.min(seen.price, line.price);
  }
  return [...merged.values()];
}
