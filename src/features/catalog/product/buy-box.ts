/**
 * The product page's buy box (ProductDetails.astro), without React: quantity 1..min(10, stock) with
 * -/+ and a typed value clamped; Add to Cart adds the chosen quantity ('Added to Cart!' for 2 s);
 * Buy Now adds it and opens the checkout. On load the live price and stock are fetched: when they
 * differ from the build's, the page shows the new figures and says so, and a sell-out disables buying.
 */
import { addToCart } from '#features/cart/actions.ts';
import { cartItemOf } from '#features/cart/rules.ts';
import { itemFor } from '#features/catalog/card-hearts.ts';
import { itemData } from '#features/catalog/item.ts';
import { showAdded } from '#features/catalog/card-buttons.ts';
import { stockBadge } from '#features/catalog/stock.ts';
import { liveFigures } from '#features/catalog/live.ts';
import { discountPercent, formatRs, salePrice } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { clampQuantity, figuresChange, type LiveFigures } from './buy-rules.ts';

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

  const setQuantity = (value: number | string) => {
    const qty = clampQuantity(value, max);
    input.value = String(qty);
    minus.disabled = max < 1 || qty <= 1;
    plus.disabled = max < 1 || qty >= max;
    return qty;
  };
  const setMax = (next: number) => {
    max = next;
    const soldOut = max < 1;
    input.max = String(Math.max(1, max));
    input.disabled = addButton.disabled = buyNow.disabled = soldOut;
    maxText.textContent = `Max ${max}`;
    maxText.classList.toggle('hidden', soldOut);
    addButton.textContent = addButton.dataset.idleText = soldOut ? 'Out of Stock' : 'Add to Cart';
    setQuantity(input.value);
  };
  const add = (notify: boolean) => {
    const qty = setQuantity(input.value);
    if (max >= 1) addToCart(cartItemOf(current), qty, { notify });
    return max >= 1;
  };

  box.addEventListener('click', (event) => {
    const step = (event.target as Element).closest<HTMLElement>('[data-qty-step]');
    if (step) setQuantity(clampQuantity(input.value, max) + Number(step.dataset.qtyStep));
  });
  input.addEventListener('change', () => setQuantity(input.value));
  box.addEventListener('submit', (event) => {
    event.preventDefault();
    if (add(true)) showAdded(addButton, { added: ADDED_TEXT });
  });
  buyNow.addEventListener('click', () => {
    if (add(false)) location.assign(paths.checkout());
  });
  setMax(max);

  liveFigures(item._id).then((result) => {
    if (!result.ok) return; // the build's figures stay; the server checks again at order time
    const change = figuresChange(current, result.data);
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
      setMax(change.maxQuantity);
    }
    const notice = column.querySelector<HTMLElement>('[data-live-notice]');
    if (notice && change.notices.length) {
      notice.textContent = change.notices.join(' ');
      notice.classList.remove('hidden');
    }
  });

  /** The price line as Price.astro draws it (size lg), with the discount badge. */
  function renderPrice(figures: LiveFigures) {
    const priceBox = column!.querySelector<HTMLElement>('[data-price-box]');
    if (!priceBox) return;
    const sale = salePrice(figures);
    const percent = discountPercent(figures);
    priceBox.innerHTML =
      `<span class="inline-flex flex-wrap items-baseline gap-x-2"><span class="text-2xl font-bold text-stone-900" data-testid="price">${formatRs(sale)}</span>` +
      (sale < figures.price ? `<s class="price-was text-base"><span class="sr-only">Was </span>${formatRs(figures.price)}</s>` : '') +
      '</span>' +
      (percent > 0 ? `<span class="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-bold text-red-700" data-testid="discount-percent">${percent}% OFF</span>` : '');
  }
}
