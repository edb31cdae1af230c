/**
 * The stored cart drawn before React, for the pages that show it (the cart page, the checkout's
 * order summary): the page's own script, which loads no React, draws the cart into an island's
 * element with the island's own markup, re-checks its prices and stock against the catalogue and
 * draws the answer with the same functions, and starts the island (through its
 * `<template data-later="island-{name}">`) only when it is needed: at the shopper's first
 * interaction with it (pointer, touch, focus, a key), when the cart (or a store in `startOn`)
 * changes from elsewhere (another tab, the signed-in sync, the checkout form), or at once when
 * the cart cannot be drawn.
 *
 * The re-check is done here rather than left to the island: its notices and held-back checkout are
 * plain markup, so a shopper whose prices moved reads them without downloading React, and the
 * island, when it comes, starts from what was found (drawn.ts) instead of asking again. Once the
 * island is asked for, nothing more is drawn here: it takes over the view as last drawn, and a
 * request still out.
 *
 * A tap on a button (a stepper, Remove, Clear All) before the island is in place is held, the
 * button marked busy, and replayed once by the island (tap-queue.ts's replayTaps('cart')).
 */
import type { ReadableAtom } from 'nanostores';
import { runLater } from '#components/later.ts';
import { holdTaps } from '#components/tap-queue.ts';
import { onInteract } from '#lib/directives/interact.ts';
import { liveProducts } from '#lib/live-products.ts';
import { priceNoticesOf } from './recheck.ts';
import { applyRecheck } from './reprice.ts';
import { $cart } from './store.ts';
import { setDrawnCart, type DrawnCart } from './drawn.ts';

interface EarlyCart {
  /** The island's name: `[data-island="{name}"]`. */
  island: string;
  /** Draws `cart` into the island's element, as the island's first render would show it. May throw. */
  draw: (el: HTMLElement, cart: DrawnCart) => void;
  /** Stores whose change (before the island runs) starts it: what only the island shows. */
  startOn?: ReadableAtom<unknown>[];
}

export function startEarlyCart({ island, draw, startOn = [] }: EarlyCart): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    runLater(`island-${island}`);
  };
  const el = document.querySelector<HTMLElement>(`[data-island="${island}"]`);
  if (!el) return;
  const drawn = (cart: DrawnCart) => {
    draw(el, cart);
    setDrawnCart(cart);
  };
  try {
    const asked = $cart.get().map((l) => l.productId);
    const pending = asked.length > 0 ? liveProducts(asked) : undefined;
    let cart: DrawnCart = { lines: $cart.get(), recheck: { results: new Map(), priceNotices: new Map(), checking: !!pending }, asked, pending };
    drawn(cart);
    holdTaps(el, 'button', 'cart', start);
    onInteract(el, '', start);
    for (const store of startOn) store.listen(start);

    let repricing = false;
    $cart.listen((lines) => {
      if (repricing || started) return;
      cart = { ...cart, lines };
      drawn(cart);
      start();
    });
    void pending?.then((results) => {
      if (started) return;
      try {
        const priceNotices = priceNoticesOf($cart.get(), results);
        repricing = true;
        applyRecheck(results);
        cart = { lines: $cart.get(), recheck: { results, priceNotices, checking: false }, asked };
        drawn(cart);
      } catch {
        // The stored cart could not be written (storage full or refused): the island shows its error.
        start();
      } finally {
        repricing = false;
      }
    });
  } catch {
    start();
  }
}
