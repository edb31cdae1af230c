/**
 * The cart as the page drew it before React (start-page.ts), kept here for the island to take
 * over: the island's first render is exactly this state, so hydrating the drawn view changes no
 * node (nothing flashes or moves, focus stays), and the early re-check's request, when its
 * reply has not been drawn yet, is handed over instead of asked again. One module, so the page's
 * early script and the island share it.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { CheckResult } from './recheck.ts';
import type { RecheckState } from './view-state.ts';

export interface DrawnCart {
  /** The lines the drawn view shows. */
  lines: readonly CartLine[];
  /** The re-check as drawn (checking while `pending`). */
  recheck: RecheckState;
  /** The products the early re-check asked about. */
  asked: readonly string[];
  /** The early re-check's request while its reply is not drawn: the island takes it over. */
  pending?: Promise<Map<string, CheckResult>>;
}

let drawn: DrawnCart | undefined;

/** Called by the early script each time it has drawn. */
export function setDrawnCart(cart: DrawnCart): void {
  drawn = cart;
}

/** What the page drew, if it did; the island's, from then on (the early script draws no more once it starts the island). */
export function drawnCart(): DrawnCart | undefined {
  return drawn;
}
