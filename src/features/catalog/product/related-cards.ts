/**
 * 'You might also like' drawn by the page's own script instead of shipped as markup: the product
 * page's HTML carries only what the related products' cards are made from (RelatedCard, as JSON in
 * a script that never runs) and an empty place for each (a `card-slot` of a card's size), and the
 * cards, which sit below the fold at every width, are drawn from it as soon as the page's first
 * script runs, before the cards' scripts (CardHearts, CardLive) look for cards. Four cards of markup were a tenth of the page's
 * gzipped HTML; their figures as JSON cost a third of that. The JSON is part of the page, so a page
 * the service worker kept shows them offline as it did when they were markup.
 *
 * The card is card-html.ts's, made from the very fields it reads, with the search text the build
 * computed (the card's `data-search`): byte for byte the card the build used to write
 * (related-cards.test.ts).
 */
import type { Product } from '#lib/schemas/catalog.ts';
import { productCardHtml, type CardProduct } from '../card-html.ts';

/** The figures a related product's card is drawn from: a card's own (card-html.ts), its picture and search text. */
export type RelatedCard = Pick<CardProduct, '_id' | 'name' | 'brand' | 'price' | 'discount' | 'stock' | 'rating' | 'numRatings'> & {
  /** The card's picture: the product's first. */
  image: string;
  /** The card's `data-search` (src/lib/search-carried.ts's cardSearchText, as the build memoised it). */
  search: string;
};

/** The attribute of the JSON script that holds the related cards; its section's list follows it. */
export const RELATED_CARDS_ATTRIBUTE = 'data-related-cards';

export function relatedCard(product: Product, searchText: (product: Product) => string): RelatedCard {
  const { _id, name, brand, price, discount, stock, rating, numRatings } = product;
  return { _id, name, brand, price, discount, stock, rating, numRatings, image: product.images[0] ?? product.image, search: searchText(product) };
}

/** A related product's card: productCardHtml of the fields it reads (the category and description only make the search text, given here). */
export function relatedCardHtml(card: RelatedCard): string {
  return productCardHtml({ ...card, images: [card.image], category: '', description: '' }, { searchText: () => card.search });
}

/**
 * Draws the related cards into the list the JSON script sits in, in place of its empty places.
 * Once a page; a page without related products, or whose JSON is unreadable, keeps what it has.
 */
export function drawRelatedCards(doc: Document = document): void {
  const json = doc.querySelector(`script[${RELATED_CARDS_ATTRIBUTE}]`);
  const list = json?.parentElement;
  if (!json || !list || list.hasAttribute('data-drawn')) return;
  let cards: RelatedCard[];
  try {
    cards = JSON.parse(json.textContent ?? '') as RelatedCard[];
  } catch {
    return;
  }
  list.setAttribute('data-drawn', '');
  for (const li of [...list.children]) if (li !== json) li.remove();
  json.insertAdjacentHTML('beforebegin', cards.map((card) => `<li>${relatedCardHtml(card)}</li>`).join(''));
}
