/** An order's lines with their pictures and prices, and its totals. */
import { formatRs } from '#features/staff/time.ts';
import { OrderTotals } from './OrderTotals.tsx';
import type { DeskOrderDetail } from './schemas.ts';

export function OrderLines({ order }: { order: DeskOrderDetail }) {
  return (
    <section aria-labelledby="lines-heading" className="staff-card">
      <h3 id="lines-heading" className="staff-panel-title">
        Items
      </h3>
      <ul className="divide-y divide-stone-200">
        {order.items.map((item) => (
          <li key={item.productId} className="flex gap-3 py-3" data-testid="order-line">
            <img src={item.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg bg-stone-100 object-contain" loading="lazy" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">
                {item.productUrl ? (
                  <a href={item.productUrl} className="text-link">
                    {item.name}
                  </a>
                ) : (
                  item.name
                )}
              </p>
              <p className="text-sm text-stone-600">
                {item.quantity} × {formatRs(item.price)}
                {item.originalPrice ? (
                  <s className="ml-2">
                    <span className="sr-only">Was </span>
                    {formatRs(item.originalPrice)}
                  </s>
                ) : null}
              </p>
            </div>
            <p className="font-semibold whitespace-nowrap text-stone-900">{formatRs(item.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} className="staff-totals" totalClassName="font-bold" testId="order-totals" />
    </section>
  );
}
