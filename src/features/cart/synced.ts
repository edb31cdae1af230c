/**
 * What the sync writes to the cart: the account's cart as the server last gave it, and nothing
 * once the session has ended. Neither is a change of the shopper's, so neither is recorded for the
 * server (actions.ts records those). Imports only the store and lib/stored.ts it is built on: the
 * script every page runs empties the account's lists when a session ends (features/session/signed-out.ts).
 */
import { setIfChanged } from '#lib/stored.ts';
import type { CartLine } from '#lib/schemas/cart.ts';
import { $cart } from './store.ts';

/** Writes only when the lines differ, so a pull that changes nothing stores nothing and wakes nobody. */
export function replaceCartFromServer(lines: CartLine[]): void {
  setIfChanged($cart, lines);
}

/** Empties the cart in this browser only (a session's end): the account keeps its cart. */
export function forgetCart(): void {
  $cart.set([]);
}
