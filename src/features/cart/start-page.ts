/**
 * The cart page's own script, which loads no React: the stored cart drawn and re-checked before
 * the island (early-cart.ts), with the island's markup (view-html.ts), and the island started at
 * the first interaction with the cart.
 */
import { startEarlyCart } from './early-cart.ts';
import { CART_ISLAND } from './island.ts';
import { cartViewHtml } from './view-html.ts';
import { cartViewState } from './view-state.ts';

startEarlyCart({
  island: CART_ISLAND,
  draw: (el, cart) => {
    el.innerHTML = cartViewHtml(cartViewState(cart.lines, cart.recheck));
  },
});
