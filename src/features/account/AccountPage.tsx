/**
 * /account: the signed-in shopper's page (hydrates at load). Profile (from GET /api/users/me, with a link to edit it),
 * order history (GET /api/order: each order links to its status page), the wishlist (the wishlist store) and the
 * password change form. The page's guard has sent shoppers without a token to /register already.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { formatDate } from '#lib/dates.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { useMounted } from '#components/hooks.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { ProductThumb } from '#components/ProductThumb.tsx';
import { $wishlist } from '#features/wishlist/store.ts';
import { OrderHistory } from '#features/orders/OrderHistory.tsx';
import { AccountFailed, AccountLoading, Avatar } from './AccountStates.tsx';
import { useAccount } from './useAccount.ts';
import { ui } from '#components/forms/ui.ts';

/** How many wishlisted products the account page lists before 'View all'. */
const WISHLIST_SHOWN = 4;

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${ui.card} min-w-0`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function EmptyState({ icon, title, text }: { icon: 'cart' | 'heart'; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl bg-stone-50 px-4 py-8 text-center">
      <span className={`grid h-12 w-12 place-items-center rounded-full ${icon === 'heart' ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-700'}`}>
        <LineIcon name={icon} className="h-6 w-6" />
      </span>
      <p className="mt-3 font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-600">{text}</p>
      <a href={paths.home()} className="mt-4 inline-flex rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
        Start Shopping
      </a>
    </div>
  );
}

/** `children`: the password change form, an island of its own (account.astro). */
export default function AccountPage({ children }: { children?: ReactNode }) {
  const mounted = useMounted();
  const state = useAccount(mounted);
  const wishlist = useStore($wishlist, { ssr: 'initial' });
  const account = state.account;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">My Account</h1>
      <p className="mt-1 h-5 text-sm text-stone-600" data-testid="account-greeting">
        {account ? `Welcome back, ${account.name.split(/\s+/)[0]}!` : ''}
      </p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
        <Section
          id="profile-heading"
          title="Profile"
          action={
            account && (
              <a href={paths.profile()} className={`${ui.link} text-sm`}>
                Edit profile
              </a>
            )
          }
        >
          {!account ? (
            state.status === 'failed' ? (
              <AccountFailed onRetry={state.reload} />
            ) : (
              <AccountLoading label="Loading your account…" />
            )
          ) : (
            <div data-testid="account-profile">
              <div className="flex items-center gap-4">
                <Avatar name={account.name} />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-stone-900">{account.name}</p>
                  <p className="truncate text-sm text-stone-600">{account.email}</p>
                </div>
              </div>
              <dl className="mt-5 space-y-3 text-sm">
                <div>
                  <dt className="text-stone-600">Phone</dt>
                  <dd className="text-stone-900">{account.phone || 'Not given'}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">Address</dt>
                  <dd className="break-words text-stone-900">{account.address || 'Not given'}</dd>
                </div>
                {account.createdAt && (
                  <div>
                    <dt className="text-stone-600">Member since</dt>
                    <dd className="text-stone-900">{formatDate(account.createdAt)}</dd>
                  </div>
                )}
              </dl>
            </div>
          )}
        </Section>
        <div className="grid min-w-0 gap-6">
          <Section id="orders-heading" title="Order History">
            {mounted ? (
              <OrderHistory
                empty={<EmptyState icon="cart" title="No orders yet" text="When you place an order, it will show here with its status." />}
                failed={(retry) => <AccountFailed onRetry={retry} what="Your orders" />}
              />
            ) : (
              <div className="h-24 animate-pulse rounded-2xl bg-stone-100" aria-hidden="true" />
            )}
          </Section>
          <Section
            id="wishlist-heading"
            title={`My Wishlist${mounted ? ` (${wishlist.length})` : ''}`}
            action={
              mounted &&
              wishlist.length > 0 && (
                <a href={paths.wishlist()} className={`${ui.link} text-sm`}>
                  View all
                </a>
              )
            }
          >
            {!mounted ? (
              <div className="h-24 animate-pulse rounded-2xl bg-stone-100" aria-hidden="true" />
            ) : wishlist.length === 0 ? (
              <EmptyState icon="heart" title="Your wishlist is empty" text="Tap the heart on any product to keep it here for later." />
            ) : (
              <ul className="divide-y divide-stone-100" data-testid="account-wishlist">
                {wishlist.slice(0, WISHLIST_SHOWN).map((item) => (
                  <li key={item._id} className="flex items-center gap-3 py-3">
                    <ProductThumb src={item.image} size={56} className="h-14 w-14 shrink-0 rounded-xl" />
                    <a href={paths.product(item._id)} className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900 hover:text-brand-800">
                      {item.name}
                    </a>
                    <span className="shrink-0 text-sm font-semibold text-stone-900">{formatRs(salePrice(item))}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section id="password-heading" title="Change Password">
            {children}
          </Section>
        </div>
      </div>
    </div>
  );
}
