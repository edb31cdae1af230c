/**
 * Product cards show what the catalogue says now. A built card carries the stock and price of the
 * build; once the page runs, the products of every built card (and the buy box's) are read in one
 * request (src/lib/live-products.ts pageLiveFigures) and each card whose figures changed is redrawn: its price and
 * was-price, its discount badge, its stock badge, and Add to Cart (disabled, "Out of Stock", when
 * sold out; enabled again when back). Its `data-item` takes the new figures, so what the cart and
 * wishlist keep from a tap is current too. A product the catalogue no longer sells reads as sold out.
 * Cards an island renders later come from the API and are current already.
 */
import { discountPercent } from '#lib/money.ts';
import { priceHtml } from '#components/price.ts';
import { inStock } from '#lib/in-stock.ts';
import type { LiveFigures } from '#lib/live-figures.ts';
import { pageLiveFigures } from '#lib/live-products.ts';
import { itemData, itemIn } from './item.ts';
import { stockBadge } from '#components/stock-badge.ts';

/** Redraws one card (card-html.ts's markup, on static pages and in islands alike) with `live`. */
export function redrawCard(card: HTMLElement, live: LiveFigures): void {
  card.dataset.item = itemData(live);
  const price = card.querySelector<HTMLElement>('[data-testid="price"]');
  // The card's price line is price.ts's: drawn again whole from the same function.
  if (price?.parentElement) price.parentElement.outerHTML = priceHtml(live.price, live.discount);
  const percent = discountPercent(live);
  const media = card.querySelector('.card-media');
  let badge = card.querySelector<HTMLElement>('.card-discount');
  if (percent > 0 && !badge && media) {
    media.insertAdjacentHTML('beforeend', '<span class="card-discount"></span>');
    badge = media.querySelector<HTMLElement>('.card-discount');
  }
  if (badge) {
    if (percent > 0) badge.textContent = `-${percent}%`;
    else badge.remove();
  }
  const stock = stockBadge(live.stock);
  const stockEl = card.querySelector<HTMLElement>('[data-testid="stock-badge"]');
  if (stockEl) {
    stockEl.className = stock.className;
    stockEl.textContent = stock.label;
  }
  const button = card.querySelector<HTMLButtonElement>('button[data-add-to-cart]');
  if (button) {
    const soldOut = !inStock(live.stock);
    button.disabled = soldOut;
    button.textContent = button.dataset.idleText = soldOut ? 'Out of Stock' : 'Add to Cart';
  }
}

/** Brings every built card on the page up to the catalogue's figures, in one request. */
export async function refreshCards(root: ParentNode = document): Promise<void> {
  const cards = [...root.querySelectorAll<HTMLElement>('article[data-product-id][data-item]')];
  if (!cards.length) return;
  const answers = await pageLiveFigures(root);
  for (const card of cards) {
    const answer = answers.get(card.dataset.productId ?? '');
    const built = itemIn(card);
    if (!answer || answer.kind === 'failed' || !built) continue; // the build's figures stay
    const live = answer.kind === 'found' ? answer.product : { ...built, stock: 0 };
    if (live.price !== built.price || live.discount !== built.discount || live.stock !== built.stock) redrawCard(card, live);
  }
}
