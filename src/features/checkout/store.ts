/**
 * What the checkout's two islands share, both hydrated on first interaction: the summary (drawn
 * before React by start-summary.ts, which publishes the checks until the island takes over) and the
 * form. The summary publishes each line's check; the form reads them when Place
 * Order is pressed and says the total it publishes too, and publishes a 409's conflicts and that the order is placed (the cart it
 * empties must not turn the page into its empty state on the way to the order).
 */
import { atom } from 'nanostores';
import type { OrderConflict } from '#lib/schemas/orders.ts';
import type { LineCheck } from '#features/cart/recheck.ts';

export const $conflicts = atom<ReadonlyMap<string, OrderConflict>>(new Map());
export const $lineChecks = atom<readonly LineCheck[]>([]);
export const $placed = atom(false);
/** The total of what can be ordered, as the summary shows it: Place Order says it. */
export const $orderTotal = atom(0);
