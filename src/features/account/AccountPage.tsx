/**
 * /account: the signed-in shopper's page. Profile (GET /api/users/me, with a link to edit it),
 * order history (GET /api/order: each order links to its status page), the wishlist (the wishlist
 * store) and the password change form. The page's guard has sent shoppers without a token to
 * /register already.
 *
 * The page's script (account-page.ts) loads and draws all of it before React, from the same
 * markup (account-html.ts's accountParts); this island starts at the shopper's first interaction
 * and renders the state the page drew (view.ts), so nothing changes when it takes over. What it
 * adds is Try Again and keeping the parts current afterwards.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { $wishlist } from '#features/wishlist/store.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { accountParts, type AccountParts } from './account-html.ts';
import { $accountLoad, $ordersLoad, $wishlistShown, islandTakesOver, loadAccount, loadOrders, startLoads } from './view.ts';

/** Try Again of a failed part (its button names the load in `data-retry`), also when EarlySubmit held the click. */
function retry(event: MouseEvent) {
  const which = (event.target as Element).closest('[data-retry]')?.getAttribute('data-retry');
  if (which === 'account') void loadAccount();
  if (which === 'orders') void loadOrders();
}

/** `children`: the password change form, an island of its own (account.astro). */
export default function AccountPage({ children }: { children?: ReactNode }) {
  islandTakesOver();
  const { rootProps, root } = useIslandReady<HTMLDivElement>();
  const account = useStore($accountLoad);
  const orders = useStore($ordersLoad);
  const shown = useStore($wishlistShown);
  const wishlist = useStore($wishlist);
  useEffect(() => startLoads(true), []);

  const parts = accountParts({ account, orders, wishlist: shown ? wishlist : undefined });
  const part = (name: keyof AccountParts) => ({ 'data-account-part': name, dangerouslySetInnerHTML: { __html: parts[name] } });
  const head = 'flex flex-wrap items-center justify-between gap-2';
  const section = `${ui.card} min-w-0`;

  return (
    <div ref={root} {...rootProps} className="mx-auto max-w-5xl px-4 py-8" onClick={retry}>
      <h1 className="text-2xl font-bold text-stone-900">My Account</h1>
      <p className="mt-1 h-5 text-sm text-stone-600" data-testid="account-greeting" {...part('greeting')} />
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
        <section aria-labelledby="profile-heading" className={section}>
          <div className={head} {...part('profile-head')} />
          <div className="mt-4" {...part('profile')} />
        </section>
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="orders-heading" className={section}>
            <div className={head} {...part('orders-head')} />
            <div className="mt-4" {...part('orders')} />
          </section>
          <section aria-labelledby="wishlist-heading" className={section}>
            <div className={head} {...part('wishlist-head')} />
            <div className="mt-4" {...part('wishlist')} />
          </section>
          <section aria-labelledby="password-heading" className={section}>
            <div className={head}>
              <h2 id="password-heading" className="text-lg font-semibold text-stone-900">
                Change Password
              </h2>
            </div>
            <div className="mt-4">{children}</div>
          </section>
        </div>
      </div>
    </div>
  );
}
