/**
 * The signed-in shopper's account and orders as the account and profile pages load them, shared by
 * each page's early script (which starts the loads and draws what they give before React) and its
 * island (which takes the same state over at the first interaction): GET /api/users/me and
 * GET /api/order are asked for once a page, and the island's first render is the drawn page. No
 * React here. A loaded account is kept in the browser (rememberAccount) and shared with the page's
 * other islands ($account). A 401 has already ended the session and left for sign-in, which
 * comes back to this page (authedRequest): the load then stays `loading` until the page goes.
 */
import { atom } from 'nanostores';
import { rememberAccount } from '#features/session/user.ts';
import { listOrders, type OrderListItem } from '#features/orders/history.ts';
import { $account, currentAccount, type Account } from './api.ts';

export type Load<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };
const LOADING = { status: 'loading' } as const;
const FAILED = { status: 'failed' } as const;

export const $accountLoad = atom<Load<Account>>(LOADING);
export const $ordersLoad = atom<Load<OrderListItem[]>>(LOADING);
/** Whether the page shows the stored wishlist: never at build (the build has none), at once in the browser. */
export const $wishlistShown = atom(false);

/** The account as the server last gave it (loaded, or a profile saved). */
export function keepAccount(account: Account): void {
  rememberAccount(account);
  $account.set(account);
  $accountLoad.set({ status: 'ready', value: account });
}

export async function loadAccount(): Promise<void> {
  $accountLoad.set(LOADING);
  const result = await currentAccount();
  if (result.ok) keepAccount(result.account);
  else if (result.status !== 401) $accountLoad.set(FAILED);
}

export async function loadOrders(): Promise<void> {
  $ordersLoad.set(LOADING);
  const result = await listOrders();
  if (result.ok) $ordersLoad.set({ status: 'ready', value: result.orders });
  else if (result.status !== 401) $ordersLoad.set(FAILED);
}

const started = new Set<'account' | 'orders'>();
/** Starts the page's loads, each once a page, whoever asks first (the early script, or the island should it run first). */
export function startLoads(orders: boolean): void {
  $wishlistShown.set(true);
  if (!started.has('account')) {
    started.add('account');
    void loadAccount();
  }
  if (orders && !started.has('orders')) {
    started.add('orders');
    void loadOrders();
  }
}

let island = false;
/** The island has rendered: from now on it draws the page, and the early script stops. */
export function islandTakesOver(): void {
  island = true;
}
export const islandHasTaken = (): boolean => island;
