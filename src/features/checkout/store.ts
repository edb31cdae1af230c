/**
 * What the checkout's two islands share: the summary (hydrated at load) and the form (hydrated on
 * first interaction). The summary publishes each line's check; the form reads them when Place
 * Order is pressed, and publishes a 409's conflicts and that the order is placed (the cart it
 * empties must not turn the page into its empty state on the way to the order).
 */
import { atom } from 'nanostores';
import type { OrderConflict } from '#lib/schemas/orders.ts';
import type { LineCheck } from '#features/cart/recheck.ts';

export const $conflicts = atom<ReadonlyMap<string, OrderConflict>>(new Map());
export const $lineChecks = atom<readonly LineCheck[]>([]);
export const $placed = atom(false);
