/**
 * The account page's Order History: the signed-in shopper's orders (GET /api/order, newest first),
 * each with number, date, status, item count and total, linking to its status page. Kept small:
 * the account page is near its JavaScript budget.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { formatDate } from '#lib/dates.ts';
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { listOrders, type OrderListItem } from './history.ts';
import { itemsText } from './items-text.ts';

export function OrderHistory({ empty, failed }: { empty: ReactNode; failed: (retry: () => void) => ReactNode }) {
  const [orders, setOrders] = useState<OrderListItem[] | 'loading' | 'failed'>('loading');
  const load = () => {
    setOrders('loading');
    void listOrders().then((r) => (r.ok ? setOrders(r.orders) : r.status !== 401 && setOrders('failed')));
  };
  useEffect(load, []);

  if (orders === 'loading') return <div className="h-24 animate-pulse rounded-2xl bg-stone-100" role="status" aria-label="Loading your orders" />;
  if (orders === 'failed') return failed(load);
  if (orders.length === 0) return empty;
  return (
    <ul className="divide-y divide-stone-100" data-testid="order-history">
      {orders.map((o) => (
        <li key={o._id}>
          <a href={paths.orderStatus(o._id)} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg py-3 hover:bg-stone-50">
            <span className="min-w-0">
              <span className="block font-semibold text-stone-900">{o.orderNumber}</span>
              <span className="block text-xs text-stone-600">
                {formatDate(o.createdAt)} · {itemsText(o.itemCount)}
              </span>
            </span>
            <span className="text-right">
              <span className="block text-sm font-semibold text-stone-900">{formatRs(o.totalAmount)}</span>
              <span className="block text-xs font-medium text-brand-800">{o.status}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
