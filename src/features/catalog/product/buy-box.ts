/**
 * The product page's buy box (ProductDetails.astro), without React. The quantity picker starts at
 * what the cart holds of the product ("5 in your cart"), or 1, and goes up to the smaller of 10 and
 * what is left beyond what the cart holds, never below what it holds (buy-rules.ts pickerMax; it
 * follows the cart, other tabs included: when the cart's line changes, the picker shows it), with
 * -/+ and a typed value clamped. Add to Cart adds the chosen quantity ('Added to Cart!' for 2 s),
 * or, when that would take more than is left, adds nothing and says how many are left. Buy Now
 * makes the product's line at least the chosen quantity, never lowering it nor adding again
 * (buyNowQuantity), and opens the checkout. On load the live price and stock are
 * fetched: when they differ from the build's, the page shows the new figures and says so, and a
 * sell-out disables buying. Figures the service worker answered from the last visit's copy (no
 * connection) are shown and said to be possibly out of date.
 * The form's method is `dialog`: outside a dialog a submit does nothing, so the page never reloads
 * as `?quantity=1`, with or without this script.
 */
import { addWithinStock, setCartLine } from '#features/cart/actions.ts';
import { cartItemOf, heldOf, roomFor } from '#features/cart/rules.ts';
import { $cart } from '#features/cart/store.ts';
import { itemFor } from '#features/catalog/card-hearts.ts';
import { itemData } from '#features/catalog/item.ts';
import { showAdded } from '#features/catalog/card-buttons.ts';
import { stockBadge } from '#components/stock-badge.ts';
import { pageLiveFigures } from '#lib/live-products.ts';
import { paths } from '#lib/paths.ts';
import type { LiveFigures } from '#lib/live-figures.ts';
import { replayTaps } from '#components/tap-queue.ts';
import { buyNowQuantity, clampQuantity, figuresChange, pickerMax, pickerStart, quantityNote } from './buy-rules.ts';
import { priceBoxHtml } from './price-box.ts';

export const ADDED_TEXT = 'Added to Cart!';

const box = document.querySelector<HTMLFormElement>('[data-buy-box]');
const column = box?.closest<HTMLElement>('[data-item]');
const item = box && itemFor(box);

if (box && column && item) {
  const input = box.querySelector<HTMLInputElement>('input[name="quantity"]')!;
  const [minus, plus] = [...box.querySelectorAll<HTMLButtonElement>('[data-qty-step]')];
  const addButton = box.querySelector<HTMLButtonElement>('[data-add-to-cart]')!;
  const buyNow = box.querySelector<HTMLButtonElement>('[data-buy-now]')!;
  const maxText = box.querySelector<HTMLElement>('[data-max-text]')!;
  let max = Number(box.dataset.maxQty) || 0;
  let current = { ...item };
  /** What the cart held of this product when the picker last followed it (none yet). */
  let shownHeld = -1;
  /** What the cart may still take of this product (stock and line cap less what it holds). */
  const room = () => roomFor($cart.get(), current._id, current.stock);

  const setQuantity = (value: number | string) => {
    const qty = clampQuantity(value, max);
    input.value = String(qty);
    // Nothing more can be added (sold out, or all the cart may take is in it): the picker rests.
    minus.disabled = input.disabled || qty <= 1;
    plus.disabled = input.disabled || qty >= max;
    return qty;
  };
  /**
   * Sets the picker from the stock and the cart (at what the cart holds when that has changed):
   * sold out disables buying; all left in the cart leaves Add to say so.
   */
  const setMax = () => {
    const soldOut = current.stock < 1;
    const held = heldOf($cart.get(), current._id);
    max = pickerMax(current.stock, held);
    if (held !== shownHeld && held > 0) input.value = String(pickerStart(current.stock, held));
    shownHeld = held;
    input.max = String(Math.max(1, max));
    input.disabled = soldOut || room() < 1;
    addButton.disabled = buyNow.disabled = soldOut;
    maxText.textContent = quantityNote(current.stock, held);
    maxText.classList.toggle('hidden', soldOut);
    const idle = soldOut ? 'Out of Stock' : 'Add to Cart';
    if (addButton.textContent === addButton.dataset.idleText || !addButton.dataset.idleText) addButton.textContent = idle;
    addButton.dataset.idleText = idle;
    setQuantity(input.value);
  };

  box.addEventListener('click', (event) => {
    const step = (event.target as Element).closest<HTMLElement>('[data-qty-step]');
    if (step) setQuantity(clampQuantity(input.value, max) + Number(step.dataset.qtyStep));
  });
  input.addEventListener('change', () => setQuantity(input.value));
  box.addEventListener('submit', (event) => {
    event.preventDefault();
    if (current.stock < 1) return;
    if (addWithinStock(cartItemOf(current), current.stock, setQuantity(input.value))) showAdded(addButton, { added: ADDED_TEXT });
  });
  buyNow.addEventListener('click', () => {
    if (current.stock < 1) return;
    const held = heldOf($cart.get(), current._id);
    const quantity = buyNowQuantity(current.stock, held, setQuantity(input.value));
    if (quantity > held) setCartLine(cartItemOf(current), quantity);
    location.assign(paths.checkout());
  });
  setMax();
  $cart.listen(setMax);
  // What was tapped before this point, again, in order (the page's inline tap queue).
  replayTaps('buy-box');

  // The same request as the page's cards (card-live.ts): one a page.
  pageLiveFigures().then((answers) => {
    const answer = answers.get(item._id);
    if (answer?.kind !== 'found') return; // the build's figures stay; the server checks again at order time
    const result = { data: answer.product };
    const change = figuresChange(current, result.data, { offlineCopy: answer.offlineCopy });
    current = { ...current, ...result.data };
    column.dataset.item = itemData(current);
    if (change.priceChanged) renderPrice(result.data);
    if (change.stockChanged) {
      const badge = column.querySelector<HTMLElement>('[data-testid="stock-badge"]');
      const next = stockBadge(result.data.stock);
      if (badge) {
        badge.className = `${next.className} text-xs`;
        badge.textContent = next.label;
      }
      setMax();
    }
    const notice = column.querySelector<HTMLElement>('[data-live-notice]');
    if (notice && change.notices.length) {
      notice.textContent = change.notices.join(' ');
      notice.classList.remove('hidden');
    }
  });

  /** The price and discount badge as the page was built with them (price-box.ts). */
  function renderPrice(figures: LiveFigures) {
    const priceBox = column!.querySelector<HTMLElement>('[data-price-box]');
    if (priceBox) priceBox.innerHTML = priceBoxHtml(figures);
  }
}
