/**
 * The cart page's own script, which loads no React: it draws the stored cart into the island's
 * element (view-html.ts, the markup the island renders), re-checks it against the catalogue and
 * draws the answer with the same functions, and starts the island (CartPage, through its
 * `<template data-later="island-cart">`) only when it is needed: at the shopper's first
 * interaction with the cart (pointer, touch, focus, a key), when the cart changes from elsewhere
 * (another tab, the signed-in sync), or at once when the cart cannot be drawn.
 *
 * The re-check is done here rather than left to the island: its notices and held-back checkout are
 * plain markup, so a shopper whose prices moved reads them without downloading React, and the
 * island, when it comes, starts from what was found (drawn.ts) instead of asking again. Once the
 * island is asked for, nothing more is drawn here: the island takes over the view as last drawn,
 * and a request still out.
 *
 * A tap on a control (a stepper, Remove, Clear All) before the island is in place is held, the
 * control marked busy, and replayed once by the island (tap-queue.ts's replayTaps('cart')).
 */
import { runLater } from '#components/later.ts';
import type { TapQueue } from '#components/tap-queue.ts';
import { onInteract } from '#lib/directives/interact.ts';
import { liveProducts } from '#lib/live-products.ts';
import { priceNoticesOf } from './recheck.ts';
import { applyRecheck } from './reprice.ts';
import { $cart } from './store.ts';
import { setDrawnCart, type DrawnCart } from './drawn.ts';
import { CART_ISLAND } from './island.ts';
import { cartViewHtml } from './view-html.ts';
import { cartViewState } from './view-state.ts';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  runLater(`island-${CART_ISLAND}`);
};

/** Holds the taps on the cart's buttons until the island replays them (window.tapQueue, owner 'cart'). */
function holdTaps(el: HTMLElement): void {
  const queue: TapQueue = (window.tapQueue ??= [] as unknown as TapQueue);
  el.addEventListener(
    'click',
    (e) => {
      const control = (e.target as Element).closest('button');
      if (!control || queue.cart) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      control.setAttribute('aria-busy', 'true');
      queue.push([control, 'cart']);
      start();
    },
    true,
  );
}

function drawCart(el: HTMLElement): void {
  const draw = (cart: DrawnCart) => {
    el.innerHTML = cartViewHtml(cartViewState(cart.lines, cart.recheck));
    setDrawnCart(cart);
  };
  const asked = $cart.get().map((l) => l.productId);
  const pending = asked.length > 0 ? liveProducts(asked) : undefined;
  let cart: DrawnCart = { lines: $cart.get(), recheck: { results: new Map(), priceNotices: new Map(), checking: !!pending }, asked, pending };
  draw(cart);
  holdTaps(el);
  onInteract(el, '', start);

  let repricing = false;
  $cart.listen((lines) => {
    if (repricing || started) return;
    cart = { ...cart, lines };
    draw(cart);
    start();
  });
  void pending?.then((results) => {
    if (started) return;
    try {
      const priceNotices = priceNoticesOf($cart.get(), results);
      repricing = true;
      applyRecheck(results);
      cart = { lines: $cart.get(), recheck: { results, priceNotices, checking: false }, asked };
      draw(cart);
    } catch {
      // The stored cart could not be written (storage full or refused): the island shows its error.
      start();
    } finally {
      repricing = false;
    }
  });
}

const el = document.querySelector<HTMLElement>(`[data-island="${CART_ISLAND}"]`);
if (el) {
  try {
    drawCart(el);
  } catch {
    start();
  }
}
