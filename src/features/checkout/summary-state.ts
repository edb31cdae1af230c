/**
 * What the checkout's order summary shows, from the stored lines, their re-check, a 409's conflicts
 * and whether the order is placed: each line's check (a conflict read as the re-check reads a
 * product), the totals over the lines that can be bought, why Place Order is held back, the status
 * line, and whether there is anything to order (the form shows only then). One function, so the
 * page's early drawing (start-summary.ts) and the island show the same state the same way.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { OrderConflict } from '#lib/schemas/orders.ts';
import { basketTotals, type BasketTotals } from '#lib/money.ts';
import { checkLine, checkoutBlock, type LineCheck } from '#features/cart/recheck.ts';
import { recheckFailed, RECHECK_TEXT, type RecheckState } from '#features/cart/view-state.ts';
import { conflictCheck, conflictPriceNotice } from './conflicts.ts';

export interface SummaryState {
  lines: readonly CartLine[];
  checks: LineCheck[];
  /** Each line shows its controls (a 409 named it). */
  editable: boolean[];
  totals: BasketTotals;
  blocked?: string;
  status: string;
  showForm: boolean;
}

export const SUMMARY_FAILED = 'Current prices and stock could not be checked just now; the store confirms them when you place the order.';

export function summaryState(lines: readonly CartLine[], recheck: RecheckState, conflicts: ReadonlyMap<string, OrderConflict> = new Map(), placed = false): SummaryState {
  const checks = lines.map((line) => {
    const conflict = conflicts.get(line.productId);
    if (conflict) return checkLine(line, conflictCheck(line, conflict), conflictPriceNotice(line, conflict));
    return checkLine(line, recheck.results.get(line.productId), recheck.priceNotices.get(line.productId));
  });
  return {
    lines,
    checks,
    editable: lines.map((l) => conflicts.has(l.productId)),
    totals: basketTotals(lines.filter((_, i) => checks[i].available)),
    blocked: placed ? undefined : checkoutBlock(checks),
    status: recheck.checking ? RECHECK_TEXT.checking : recheckFailed(recheck.results) ? SUMMARY_FAILED : '',
    showForm: lines.length > 0 || placed,
  };
}
