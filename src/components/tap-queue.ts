/**
 * The replay half of the page's inline tap queue (layouts/head-html.ts, which holds a tap on a card
 * button, heart, menu button or the buy box's buttons made before its handler has run, marks the
 * control `aria-busy` and queues it with the module that handles it). A module calls `replayTaps`
 * once its handlers are in place: from then on its taps pass, and the ones it missed are clicked
 * again, in the order they came, once each, their marks taken off first. The chromeless pages that
 * draw the stored cart before React hold the taps on it in the same queue, as `cart`
 * (features/cart/early-cart.ts), for the island that takes the drawing over.
 */
export type TapOwner = 'chrome' | 'buy-box' | 'cart';
export type TapQueue = [HTMLElement, TapOwner][] & Partial<Record<TapOwner, 1>>;

declare global {
  interface Window {
    /** Absent on the pages without the chrome, but for the cart's (see above). */
    tapQueue?: TapQueue;
  }
}

export function replayTaps(owner: TapOwner): void {
  const queue = window.tapQueue;
  if (!queue) return;
  queue[owner] = 1;
  const mine = queue.filter(([, handler]) => handler === owner);
  // Out of the queue before any is clicked: a click may lead to another tap being queued or replayed.
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i][1] === owner) queue.splice(i, 1);
  for (const [control] of mine) control.removeAttribute('aria-busy');
  for (const [control] of mine) control.click();
}
