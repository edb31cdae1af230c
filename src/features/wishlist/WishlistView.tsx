/**
 * The wishlist page: the stored wishlist as cards with today's price and stock (from the API when
 * it answers; as stored otherwise). Until mounted it renders what the static HTML holds: the empty
 * state, or the loading state when the page's inline check found a stored wishlist.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { paths } from '#lib/paths.ts';
import { useFailure, useMounted } from '#components/hooks.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { addToCart } from '#features/cart/actions.ts';
import { cartItemOf } from '#features/cart/rules.ts';
import { liveProducts, type LiveResult } from '#lib/live-products.ts';
import { $wishlist } from './store.ts';
import { removeFromWishlist } from './actions.ts';
import { withCurrent } from './rules.ts';
import { WishlistCard } from './WishlistCard.tsx';

function WishlistEmpty({ className = '' }: { className?: string }) {
  return (
    <div className={`mt-8 flex flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-16 text-center ${className}`} data-testid="wishlist-empty">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-red-50 text-red-600"><LineIcon name="heart" className="h-8 w-8" /></span>
      <h2 className="mt-4 text-lg font-semibold text-stone-900">Your wishlist is empty</h2>
      <p className="mt-1 text-sm text-stone-500">Tap the heart on any product to keep it here for later.</p>
      <a href={paths.home()} className="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">Start Shopping</a>
    </div>
  );
}

function WishlistLoading({ className = '' }: { className?: string }) {
  return (
    <div className={`mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5 ${className}`} data-testid="wishlist-loading">
      <p role="status" className="sr-only">Loading your wishlist…</p>
      {[0, 1].map((i) => (
        <div key={i} className="aspect-[3/5] animate-pulse rounded-2xl bg-stone-200" aria-hidden="true" />
      ))}
    </div>
  );
}

export default function WishlistView() {
  const mounted = useMounted();
  const fail = useFailure();
  const items = useStore($wishlist, { ssr: 'initial' });
  const [current, setCurrent] = useState<ReadonlyMap<string, LiveResult>>(new Map());
  const asked = useRef(new Set<string>());
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = items.map((i) => i._id).join('\n');

  useEffect(() => {
    if (!mounted || !ids) return;
    const fresh = ids.split('\n').filter((id) => !asked.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) asked.current.add(id);
    void liveProducts(fresh).then((found) => setCurrent((prev) => new Map([...prev, ...found])));
  }, [ids, mounted]);

  const act = (action: () => void) => {
    try {
      action();
      heading.current?.focus();
    } catch (error) {
      fail(error);
    }
  };

  const shown = items.map((item) => {
    const found = current.get(item._id);
    return withCurrent(item, found?.kind === 'found' ? found.product : found?.kind === 'missing' ? { ...item, stock: 0 } : undefined);
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-stone-900 outline-none">My Wishlist</h1>
      {mounted ? (
        <p className="mt-1 h-5 text-sm text-stone-500" data-testid="wishlist-count-text">{items.length} item(s) in your wishlist</p>
      ) : (
        <>
          <p className="when-stored-empty mt-1 h-5 text-sm text-stone-500" data-testid="wishlist-count-text">0 item(s) in your wishlist</p>
          <p className="when-stored-pending mt-1 h-5 w-40 animate-pulse rounded bg-stone-200" aria-hidden="true" />
        </>
      )}
      {!mounted ? (
        <>
          <WishlistEmpty className="when-stored-empty" />
          <WishlistLoading className="when-stored-pending" />
        </>
      ) : shown.length === 0 ? (
        <WishlistEmpty />
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5">
          {shown.map((item) => (
            <WishlistCard
              key={item._id}
              item={item}
              onMove={() =>
                act(() => {
                  addToCart(cartItemOf(item), 1);
                  removeFromWishlist(item._id, { notify: false });
                })
              }
              onRemove={() => act(() => removeFromWishlist(item._id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
