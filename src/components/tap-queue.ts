/**
 * The replay half of the page's inline tap queue (layouts/head-html.ts, which holds a tap on a card
 * button, heart, menu button or the buy box's buttons made before its handler has run, marks the
 * control `aria-busy` and queues it with the module that handles it). A module calls `replayTaps`
 * once its handlers are in place: from then on its taps pass, and the ones it missed are clicked
 * again, in the order they came, once each, their marks taken off first. A page whose controls its
 * own early script draws before their island runs (the wishlist, the cart and checkout summary)
 * holds their taps in the same queue with `holdTaps`, for the island that takes the drawing over.
 * A held tap already shows its result (the inline queue's rule): a heart its flipped state, Add to
 * Cart HELD_ADD_TEXT; the replay puts the button's own text back just before its click, so the
 * handler's words follow at once, and leaves out a toggle already in the state it shows.
 */
/** What a held Add to Cart says until its tap is replayed. */
export const HELD_ADD_TEXT = 'Adding...';

export type TapOwner = 'chrome' | 'buy-box' | 'wishlist' | 'cart';
export type TapQueue = [HTMLElement, TapOwner][] & Partial<Record<TapOwner, 1>>;

declare global {
  interface Window {
    /** Absent on the pages without the chrome, but for the cart's (see above). */
    tapQueue?: TapQueue;
  }
}

/**
 * `settled`: whether a held toggle (a heart) already shows what its owner holds, as its last tap
 * left it; such a control is not clicked (tapped an even number of times, or already so).
 */
export function replayTaps(owner: TapOwner, settled: (control: HTMLElement) => boolean = () => false): void {
  const queue = window.tapQueue;
  if (!queue) return;
  queue[owner] = 1;
  const mine = queue.filter(([, handler]) => handler === owner);
  // Out of the queue before any is clicked: a click may lead to another tap being queued or replayed.
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i][1] === owner) queue.splice(i, 1);
  for (const [control] of mine) control.removeAttribute('aria-busy');
  for (const [control] of mine) {
    const text = control.dataset.heldText;
    if (text !== undefined) {
      control.textContent = text;
      delete control.dataset.heldText;
    }
    if (!settled(control)) control.click();
  }
}

/**
 * Holds the taps on `selector`'s controls inside `region` for `owner`, as the inline queue does for
 * the chrome's, until `owner` replays them (`replayTaps`): the click is held (no default, no other
 * listener, the island's own included), the control marked `aria-busy` and queued; `onHold` is told
 * (to start the module that will replay it). Call it before any other click listener on `region`.
 */
export function holdTaps(region: Element, selector: string, owner: TapOwner, onHold: () => void): void {
  const queue = (window.tapQueue ??= [] as unknown as TapQueue);
  region.addEventListener(
    'click',
    (e) => {
      const control = e.target instanceof Element ? e.target.closest<HTMLElement>(selector) : null;
      if (!control || queue[owner]) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      control.ariaBusy = 'true';
      queue.push([control, owner]);
      onHold();
    },
    true,
  );
}
