/**
 * Takes the catalogue's current prices into the stored lines: after the cart page's re-check
 * (useRecheck.ts) and after an order refused because prices moved (checkout/conflicts.ts). Apart
 * from actions.ts: the re-check rules (recheck.ts) run only on those pages, the actions wherever a
 * shopper can add to the cart.
 */
import { repriceCart, type CheckResult } from './recheck.ts';
import { $cart } from './store.ts';

/**
 * Reprices each line a product was found for (recheck.ts's repriceCart); writes nothing when no
 * price changed. The caller shows the change beside the line: a price never changes silently.
 */
export function applyRecheck(results: ReadonlyMap<string, CheckResult>): void {
  const lines = $cart.get();
  const next = repriceCart(lines, results);
  if (next !== lines) $cart.set(next);
}
