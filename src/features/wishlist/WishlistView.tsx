/**
 * The wishlist page: the stored wishlist as cards with today's price and stock (from the API when
 * it answers; as stored otherwise), in wishlist-html.ts's markup; Move to Cart and remove through
 * one delegated handler (the cards' buttons say what they do).
 *
 * The page's early script draws the wishlist before this island runs (early.ts) and starts it at
 * the shopper's first interaction: the island's hydrating render is then exactly the state drawn
 * (drawnWishlist), so it adopts the drawn page as it is, then renders the stores, and replays a tap
 * held meanwhile. When nothing was drawn (the island started at once), its hydrating render is what
 * the static HTML holds: the empty state, or the loading state when the page's inline check found a
 * stored wishlist (StoredPending).
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { useFailure, useMounted } from '#components/hooks.ts';
import { replayTaps } from '#components/tap-queue.ts';
import { addToCart } from '#features/cart/actions.ts';
import { cartItemOf } from '#features/cart/rules.ts';
import { $wishlist } from './store.ts';
import { removeFromWishlist } from './actions.ts';
import { shownItems } from './rules.ts';
import { $wishlistFigures, askFigures } from './figures.ts';
import { drawnWishlist } from './early.ts';
import { WishlistCard } from './WishlistCard.tsx';
import {
  MOVE_ATTRIBUTE,
  REMOVE_ATTRIBUTE,
  WISHLIST_BODY_ATTRIBUTE,
  WISHLIST_COUNT_CLASS,
  WISHLIST_GRID_CLASS,
  wishlistCountText,
  wishlistEmptyHtml,
} from './wishlist-html.ts';

/** The count line and the cards (or the empty state) of `items` as shown: wishlist-html.ts's wishlistBodyHtml, as elements. */
export function WishlistBody({ items }: { items: readonly WishlistItem[] }) {
  return (
    <>
      <p className={WISHLIST_COUNT_CLASS} data-testid="wishlist-count-text">{wishlistCountText(items.length)}</p>
      {items.length === 0 ? (
        <div dangerouslySetInnerHTML={{ __html: wishlistEmptyHtml() }} />
      ) : (
        <ul className={WISHLIST_GRID_CLASS}>
          {items.map((item) => (
            <WishlistCard key={item._id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}

/** Before the stored wishlist is read: the empty state, or the loading state when one is stored (StoredPending). */
function WishlistPending() {
  return (
    <>
      <p className={`when-stored-empty ${WISHLIST_COUNT_CLASS}`} data-testid="wishlist-count-text">{wishlistCountText(0)}</p>
      <p className="when-stored-pending mt-1 h-5 w-40 animate-pulse rounded bg-stone-200" aria-hidden="true" />
      <div className="when-stored-empty" dangerouslySetInnerHTML={{ __html: wishlistEmptyHtml() }} />
      <div className={`${WISHLIST_GRID_CLASS} when-stored-pending`} data-testid="wishlist-loading">
        <p role="status" className="sr-only">Loading your wishlist…</p>
        {[0, 1].map((i) => (
          <div key={i} className="aspect-[3/5] animate-pulse rounded-2xl bg-stone-200" aria-hidden="true" />
        ))}
      </div>
    </>
  );
}

export default function WishlistView() {
  const mounted = useMounted();
  const fail = useFailure();
  const [drawn] = useState(drawnWishlist);
  const stored = useStore($wishlist);
  const answers = useStore($wishlistFigures);
  const heading = useRef<HTMLHeadingElement>(null);
  // Hydrating: what the page shows (drawn, or as built); mounted: the stores.
  const items = mounted ? stored : drawn?.items;
  const shown = items && shownItems(items, mounted || !drawn ? answers : drawn.figures);
  const ids = mounted ? stored.map((i) => i._id).join('\n') : '';

  useEffect(() => {
    if (ids) askFigures(ids.split('\n'));
  }, [ids]);

  // The taps held before the island ran (start-page.ts), now that its handler is in place.
  useEffect(() => replayTaps('wishlist'), []);

  const act = (action: () => void) => {
    try {
      action();
      heading.current?.focus();
    } catch (error) {
      fail(error);
    }
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const button = event.target instanceof Element ? event.target.closest(`button[${MOVE_ATTRIBUTE}],button[${REMOVE_ATTRIBUTE}]`) : null;
    const id = button?.getAttribute(MOVE_ATTRIBUTE) ?? button?.getAttribute(REMOVE_ATTRIBUTE);
    const item = shown?.find((i) => i._id === id);
    if (!button || !item) return;
    if (button.hasAttribute(MOVE_ATTRIBUTE)) {
      act(() => {
        addToCart(cartItemOf(item), 1);
        removeFromWishlist(item._id, { notify: false });
      });
    } else {
      act(() => removeFromWishlist(item._id));
    }
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8" onClick={onClick}>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-stone-900 outline-none">My Wishlist</h1>
      <div {...{ [WISHLIST_BODY_ATTRIBUTE]: '' }}>{shown ? <WishlistBody items={shown} /> : <WishlistPending />}</div>
    </div>
  );
}
