/**
 * The packing slip: on screen only its paper choice and the Print button; on paper only the slip
 * (staff-desk.css hides the rest in print). The paper picks the slip's named page, A4 or an 80 mm
 * thermal roll, each with its own `@page` size and margins.
 */
import { useState } from 'react';
import { ui } from '#components/forms/ui.ts';
import { formatRs, formatStaffTime } from '#features/staff/time.ts';
import { OrderTotals } from './OrderTotals.tsx';
import type { DeskOrderDetail } from './schemas.ts';

export const SHOP_NAME = 'Kiryana';
export type Paper = 'a4' | 'roll';

export function PackingSlip({ order }: { order: DeskOrderDetail }) {
  const [paper, setPaper] = useState<Paper>('a4');
  const a = order.shippingAddress;
  return (
    <>
      <section aria-labelledby="slip-heading" className="staff-card staff-no-print mt-4">
        <h3 id="slip-heading" className="staff-panel-title">
          Packing slip
        </h3>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="form-label">Paper</legend>
          {(
            [
              ['a4', 'A4 sheet'],
              ['roll', '80 mm receipt roll'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="staff-radio">
              <input type="radio" name="paper" value={value} checked={paper === value} onChange={() => setPaper(value)} /> {label}
            </label>
          ))}
        </fieldset>
        <button type="button" className={`${ui.primary} mt-3 w-auto`} onClick={() => window.print()}>
          Print packing slip
        </button>
      </section>
      <article className="staff-slip" data-paper={paper} data-testid="packing-slip">
        <header className="staff-slip-head">
          <p className="staff-slip-shop">{SHOP_NAME}</p>
          <p>Order {order.orderNumber}</p>
          <p>{formatStaffTime(order.createdAt)}</p>
        </header>
        <div className="staff-slip-to">
          <p className="font-bold">{order.customer.name}</p>
          <p>{order.customer.phone}</p>
          <p>{a.address}</p>
          <p>
            {a.city}, {a.province} {a.postalCode}
          </p>
        </div>
        <table className="staff-slip-lines">
          <thead>
            <tr>
              <th scope="col">Qty</th>
              <th scope="col">Item</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.productId}>
                <td>{item.quantity}</td>
                <td>{item.name}</td>
                <td>{formatRs(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <OrderTotals order={order} className="staff-slip-totals" />
        <p className="staff-slip-cod">{order.isPaid ? `Paid: ${formatRs(order.totalAmount)}` : `Cash on delivery: ${formatRs(order.totalAmount)}`}</p>
      </article>
    </>
  );
}
