/**
 * A 409 (the stock or a price moved since the cart was filled): its conflicts read as the cart's
 * re-check reads a product (recheck.ts), so the summary flags the lines the same way ('Only 1
 * left', 'Out of stock', 'Price changed from Rs. A to Rs. B') and the cart takes the new prices.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { OrderConflict } from '#lib/schemas/orders.ts';
import type { CheckResult, LineNotice } from '#features/cart/recheck.ts';
import { applyRecheck } from '#features/cart/reprice.ts';
import { $cart } from '#features/cart/store.ts';
import { $conflicts } from './store.ts';

/** A 409's conflict as the cart's re-check sees a product: what it costs and how many are left now. */
export function conflictCheck(line: CartLine, c: OrderConflict): CheckResult {
  if (c.reason === 'unavailable') return { kind: 'missing' };
  const price = c.price ?? line.price;
  const original = c.price !== undefined ? (c.originalPrice ?? price) : (line.originalPrice ?? price);
  // A price change says nothing of the stock: no limit is set then.
  const stock = c.reason === 'out_of_stock' ? 0 : (c.available ?? Number.POSITIVE_INFINITY);
  return { kind: 'found', product: { price: original, discount: original - price, stock } };
}

/** The price change a conflict reports for a line, if any (from the price the shopper saw). */
export function conflictPriceNotice(line: CartLine, c: OrderConflict): LineNotice | undefined {
  if (c.price === undefined) return undefined;
  const from = c.requestedPrice ?? line.price;
  return from === c.price ? undefined : { kind: 'price', from, to: c.price };
}

/** Shows a 409's lines in the summary and writes the prices it quoted into the cart. */
export function applyConflicts(conflicts: readonly OrderConflict[]): void {
  $conflicts.set(new Map(conflicts.map((c) => [c.productId, c])));
  const results = new Map<string, CheckResult>();
  for (const line of $cart.get()) {
    const c = conflicts.find((x) => x.productId === line.productId);
    if (c && c.price !== undefined) results.set(line.productId, conflictCheck(line, c));
  }
  applyRecheck(results);
}
