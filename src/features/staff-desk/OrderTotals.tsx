/** An order's totals (subtotal, saving, shipping, total) as a list of terms: the order page's and the packing slip's. */
import { formatRs } from '#features/staff/time.ts';
import type { DeskOrderDetail } from './schemas.ts';

type Totals = Pick<DeskOrderDetail, 'subtotal' | 'youSave' | 'shipping' | 'totalAmount'>;

export function OrderTotals({ order, className, totalClassName, testId }: { order: Totals; className: string; totalClassName?: string; testId?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      <dt>Subtotal</dt>
      <dd>{formatRs(order.subtotal)}</dd>
      {order.youSave > 0 && (
        <>
          <dt>You save</dt>
          <dd>−{formatRs(order.youSave)}</dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd>{order.shipping === 0 ? 'Free' : formatRs(order.shipping)}</dd>
      <dt className={totalClassName}>Total</dt>
      <dd className={totalClassName}>{formatRs(order.totalAmount)}</dd>
    </dl>
  );
}
