/**
 * What the cart page shows, from the stored lines and their re-check: each line's check, the
 * totals over the lines that can be bought now, why the checkout is held back, and the re-check's
 * status line. One function, so the page's early drawing (start-page.ts) and the island
 * (CartView) show the same state the same way.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { basketTotals, type BasketTotals } from '#lib/money.ts';
import { checkLine, checkoutBlock, type CheckResult, type LineCheck, type LineNotice } from './recheck.ts';

/** Where the re-check is: its answers so far, the price changes it saw, whether a request is out. */
export interface RecheckState {
  results: ReadonlyMap<string, CheckResult>;
  /** The price change seen for a product, shown beside its line from then on. */
  priceNotices: ReadonlyMap<string, LineNotice>;
  checking: boolean;
}

export interface CartViewState {
  lines: readonly CartLine[];
  checks: LineCheck[];
  totals: BasketTotals;
  /** Why Proceed to Checkout is held back, if it is. */
  blocked?: string;
  /** The re-check's status line ('' when there is nothing to say). */
  status: string;
}

export const RECHECK_TEXT = {
  checking: 'Checking current prices and stock…',
  failed: 'Current prices and stock could not be checked just now; they will be confirmed at checkout.',
  changed: 'Some items changed since you added them: see the notes beside them.',
} as const;

/** Some product could not be checked (API down): the page says so quietly. */
export const recheckFailed = (results: ReadonlyMap<string, CheckResult>) => [...results.values()].some((r) => r.kind === 'failed');

export function cartViewState(lines: readonly CartLine[], recheck: RecheckState): CartViewState {
  const checks = lines.map((line) => checkLine(line, recheck.results.get(line.productId), recheck.priceNotices.get(line.productId)));
  const totals = basketTotals(lines.filter((_, i) => checks[i].available));
  const changed = checks.some((c) => c.notices.length > 0);
  const status = recheck.checking ? RECHECK_TEXT.checking : recheckFailed(recheck.results) ? RECHECK_TEXT.failed : changed ? RECHECK_TEXT.changed : '';
  return { lines, checks, totals, blocked: checkoutBlock(checks), status };
}
