/**
 * The wishlist drawn before React: the page's own script (start-page.ts) draws the stored
 * wishlist into the island's body (wishlist-html.ts's markup, the island's own) as soon as it runs,
 * asks the catalogue for today's figures (figures.ts) and draws the cards again with them when
 * they come, and again when the stored wishlist changes (another tab). It stops at the shopper's
 * first interaction, when the island is started: from then on the page stays as last drawn, and
 * the island's hydrating render is that very state (drawnWishlist), so React adopts every drawn
 * element as it is before it applies whatever changed since.
 *
 * One module, so the page's script and the island share it (as catalog/early-cards.ts).
 */
import type { WishlistItem } from '#lib/schemas/cart.ts';
import type { LiveResult } from '#lib/live-products.ts';
import { $wishlist } from './store.ts';
import { $wishlistFigures, askFigures } from './figures.ts';
import { shownItems } from './rules.ts';
import { WISHLIST_BODY_ATTRIBUTE, wishlistBodyHtml, wishlistCardHtml } from './wishlist-html.ts';

/** What the page shows, drawn before the island ran: the stored items and the figures applied to them. */
export interface DrawnWishlist {
  items: WishlistItem[];
  figures: ReadonlyMap<string, LiveResult>;
}

let drawn: DrawnWishlist | undefined;
/** The cards as drawn, in order: a card is drawn again only when its markup changes. */
let drawnCards: { id: string; html: string }[] = [];
let unbind: (() => void)[] = [];

/** The state the page was last drawn in before the island ran; undefined when it was not drawn. */
export function drawnWishlist(): DrawnWishlist | undefined {
  return drawn;
}

function draw(body: Element): void {
  const items = $wishlist.get();
  const figures = $wishlistFigures.get();
  const shown = shownItems(items, figures);
  const cards = shown.map((item) => ({ id: item._id, html: wishlistCardHtml(item) }));
  const list = body.querySelector('ul');
  const sameItems = drawn !== undefined && list !== null && cards.length > 0 && cards.length === drawnCards.length && cards.every((c, i) => c.id === drawnCards[i].id);
  if (sameItems) {
    // Only the cards whose figures changed: the others (their pictures) stay as they are.
    cards.forEach((c, i) => {
      if (c.html !== drawnCards[i].html) list.children[i].innerHTML = c.html;
    });
  } else {
    body.innerHTML = wishlistBodyHtml(shown);
  }
  drawnCards = cards;
  drawn = { items, figures };
}

/**
 * Draws the stored wishlist into `region`'s body and keeps it drawn until stopDrawing; returns
 * whether it did (false: no body to draw into, or something went wrong; the page is as built).
 * Must not throw.
 */
export function drawWishlist(region: Element): boolean {
  const body = region.querySelector(`[${WISHLIST_BODY_ATTRIBUTE}]`);
  if (!body) return false;
  try {
    draw(body);
  } catch {
    return false;
  }
  const ask = () => askFigures($wishlist.get().map((item) => item._id));
  ask();
  const again = () => {
    try {
      draw(body);
    } catch {
      // The page stays as last drawn; the island renders the stores once it runs.
    }
  };
  unbind = [$wishlist.listen(() => (again(), ask())), $wishlistFigures.listen(again)];
  return true;
}

/** The island is starting: the page stays as last drawn. */
export function stopDrawing(): void {
  for (const stop of unbind) stop();
  unbind = [];
}
