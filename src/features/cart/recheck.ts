/**
 * Re-checking the guest cart against the catalogue, pure. A stored line carries the price and the
 * product as they were when it was added; the API says what they are now. The rules:
 *   - a changed sale price is taken (the line's stored price becomes the current one), and the
 *     line says so: 'Price changed from Rs. 900 to Rs. 950'. Never charged silently;
 *   - a product now out of stock, or no longer sold (404), stays in the cart, marked, excluded
 *     from the totals, and blocks the checkout until the shopper removes it;
 *   - a quantity above the stock is marked 'Only N left' and blocks the checkout until lowered
 *     (the shopper chooses; the cart never changes a quantity by itself);
 *   - a line whose check failed (network, timeout) is taken as stored; the page says quietly
 *     that prices will be confirmed at checkout.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { LiveFigures } from '#lib/live-figures.ts';
import type { LiveResult } from '#lib/live-products.ts';
import { formatRs, linePrice, salePrice } from '#lib/money.ts';
import { lineQuantityCap } from '#lib/line-cap.ts';

/** One product's check: its current figures, gone from the catalogue, or not known (the call failed). */
export type CheckResult = LiveResult;

export type LineNotice =
  | { kind: 'price'; from: number; to: number }
  | { kind: 'out' }
  | { kind: 'removed' }
  | { kind: 'short'; stock: number };

export interface LineCheck {
  notices: LineNotice[];
  /** False when the line cannot be bought now (out of stock or no longer sold): kept out of the totals. */
  available: boolean;
  /** The most the shopper may take, when known. */
  maxQuantity?: number;
}

/** The text a notice shows beside its line. */
export function noticeText(n: LineNotice): string {
  switch (n.kind) {
    case 'price':
      return `Price changed from ${formatRs(n.from)} to ${formatRs(n.to)}`;
    case 'out':
      return 'Out of stock';
    case 'removed':
      return 'No longer available';
    case 'short':
      return `Only ${n.stock} left`;
  }
}

/** The line as the catalogue prices it now: sale price, and the struck price only when discounted. */
export function repricedLine(line: CartLine, p: LiveFigures): CartLine {
  const { originalPrice: _old, ...rest } = line;
  return { ...rest, ...linePrice(p) };
}

/**
 * Compares one stored line with its check. `priceNotice` is the price change seen when the line was
 * repriced (the stored line already carries the new price by the time it is shown again).
 */
export function checkLine(line: CartLine, result: CheckResult | undefined, priceNotice?: LineNotice): LineCheck {
  const notices: LineNotice[] = priceNotice ? [priceNotice] : [];
  if (!result || result.kind === 'failed') return { notices, available: true };
  if (result.kind === 'missing') return { notices: [{ kind: 'removed' }], available: false };
  const { stock } = result.product;
  if (stock <= 0) return { notices: [...notices, { kind: 'out' }], available: false, maxQuantity: 0 };
  if (line.quantity > stock) notices.push({ kind: 'short', stock });
  return { notices, available: true, maxQuantity: stock };
}

/** The price change a check reveals, if any: the sale price differs from the stored one. */
export function priceChange(line: CartLine, result: CheckResult | undefined): LineNotice | undefined {
  if (result?.kind !== 'found') return undefined;
  const to = salePrice(result.product);
  return to === line.price ? undefined : { kind: 'price', from: line.price, to };
}

/** The price changes a reply reveals against the stored lines (before they are repriced). */
export function priceNoticesOf(lines: readonly CartLine[], results: ReadonlyMap<string, CheckResult>): Map<string, LineNotice> {
  const notices = new Map<string, LineNotice>();
  for (const line of lines) {
    const notice = priceChange(line, results.get(line.productId));
    if (notice) notices.set(line.productId, notice);
  }
  return notices;
}

/**
 * The cart with every found product's current price, and every line within the line cap (a stored
 * cart from before the cap, or edited by hand, may hold more), or the same array when nothing
 * changed (so the store is not written, and a stored value is never rewritten for nothing).
 */
export function repriceCart(lines: CartLine[], results: ReadonlyMap<string, CheckResult>): CartLine[] {
  let changed = false;
  const cap = lineQuantityCap();
  const next = lines.map((line) => {
    const result = results.get(line.productId);
    const capped = line.quantity > cap ? { ...line, quantity: cap } : line;
    if (result?.kind !== 'found') {
      if (capped !== line) changed = true;
      return capped;
    }
    const repriced = repricedLine(capped, result.product);
    if (capped === line && repriced.price === line.price && repriced.originalPrice === line.originalPrice) return line;
    changed = true;
    return repriced;
  });
  return changed ? next : lines;
}

/**
 * Why the checkout is held back, or undefined when it may go ahead: every line available and
 * within its stock.
 */
export function checkoutBlock(checks: readonly LineCheck[]): string | undefined {
  const unavailable = checks.some((c) => !c.available);
  const short = checks.some((c) => c.notices.some((n) => n.kind === 'short'));
  if (unavailable && short) return 'Remove the items that are not available and lower the quantities above the stock to proceed to checkout.';
  if (unavailable) return 'Remove the items that are not available to proceed to checkout.';
  if (short) return 'Lower the quantities above the stock to proceed to checkout.';
  return undefined;
}
