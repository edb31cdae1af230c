/** Raising and dismissing the toast notices of store.ts. */
import { $toasts, type Toast, type ToastType } from './store.ts';

export const TOAST_MS = 1000;

export const TOASTS = {
  addedToCart: 'Added to cart',
  removedFromCart: 'Removed from cart',
  addedToWishlist: 'Added to wishlist',
  removedFromWishlist: 'Removed from wishlist',
} as const;

let lastId = 0;
/** Whether something draws the toasts yet (the chrome's handlers load on the first interaction). */
let drawn = false;
const undrawn: { id: number; ms: number }[] = [];

export function showToast(message: string, type: ToastType = 'success', ms = TOAST_MS): Toast {
  const id = Math.max(Date.now(), lastId + 1);
  lastId = id;
  const toast = { id, message, type };
  $toasts.set([...$toasts.get(), toast]);
  if (drawn) setTimeout(() => dismissToast(id), ms);
  else undrawn.push({ id, ms });
  return toast;
}

/**
 * Called by what draws the toasts, once it does. A notice raised before then (a click that also
 * loaded the drawing code) lives its full time from now, instead of running out unseen.
 */
export function toastsDrawn(): void {
  drawn = true;
  for (const { id, ms } of undrawn.splice(0)) setTimeout(() => dismissToast(id), ms);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
