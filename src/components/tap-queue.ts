/**
 * The replay half of the page's inline tap queue (layouts/head-html.ts, which holds a tap on a card
 * button, heart, menu button or the buy box's buttons made before its handler has run, marks the
 * control `aria-busy` and queues it with the module that handles it). A module calls `replayTaps`
 * once its handlers are in place: from then on its taps pass, and the ones it missed are clicked
 * again, in the order they came, once each, their marks taken off first. A page whose controls its
 * own early script draws before their island runs (the wishlist, the cart and checkout summary)
 * holds their taps in the same queue with `holdTaps`, for the island that takes the drawing over.
 * A held tap already shows its result: a heart its flipped state, Add to Cart HELD_ADD_TEXT (drawn by
 * global.css while the button is `aria-busy`). A control tapped again while held is replayed once
 * (replayedTaps), and a heart only when it shows a state its owner does not hold (`settled`).
 */
/** What a held Add to Cart says until its tap is replayed (global.css draws it). */
export const HELD_ADD_TEXT = 'Adding...';
export type TapOwner = 'chrome' | 'buy-box' | 'wishlist' | 'cart';
export type TapQueue = [HTMLElement, TapOwner][] & Partial<Record<TapOwner, 1>>;

/**
 * Which of one owner's held taps are replayed, in order. The chrome's controls (a card's Add to Cart,
 * a heart, a menu) once each, where first tapped: a second tap while the first is held is the same
 * wish, not another. The buy box's quantity steps every time, and its other buttons again after a
 * tap between (+, Add, +, Add adds twice; Add, Add once). The pages' own queues (cart, wishlist)
 * every tap.
 */
export function replayedTaps<T extends { dataset: DOMStringMap }>(owner: TapOwner, taps: readonly T[]): T[] {
  if (owner === 'chrome') return [...new Set(taps)];
  if (owner !== 'buy-box') return [...taps];
  return taps.filter((control, i) => control.dataset.qtyStep !== undefined || taps[i - 1] !== control);
}

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
  for (const control of replayedTaps(owner, mine.map(([c]) => c))) if (!settled(control)) control.click();
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
