/**
 * The orders of one page: a table at a desk, each row a card on a phone (staff-desk.css), with a
 * big tick box to select it for a bulk move. Rows that arrived while the page was open are marked.
 */
import { staffPaths } from '#lib/paths.ts';
import { formatRs, formatStaffTime } from '#features/staff/time.ts';
import type { DeskOrder } from './schemas.ts';

interface Props {
  orders: DeskOrder[];
  /** A new question is on its way: the rows shown are the last answer's. */
  busy: boolean;
  fresh: ReadonlySet<string>;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (s: ReadonlySet<string>) => void;
}

export function OrdersTable({ orders, busy, fresh, selectable, selected, onSelect }: Props) {
  const toggle = (number: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(number);
    else next.delete(number);
    onSelect(next);
  };
  const all = orders.length > 0 && orders.every((o) => selected.has(o.orderNumber));
  return (
    <table className="staff-orders" data-testid="orders-table" aria-busy={busy}>
      <caption className="sr-only">Orders, newest first</caption>
      <thead>
        <tr>
          {selectable && (
            <th scope="col">
              <input
                type="checkbox"
                className="staff-check"
                aria-label="Select every order on this page"
                checked={all}
                onChange={(e) => onSelect(new Set(e.currentTarget.checked ? orders.map((o) => o.orderNumber) : []))}
              />
            </th>
          )}
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Name</th>
          <th scope="col">City</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
          <th scope="col">Paid</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-fresh={fresh.has(o.id) ? '' : undefined} data-testid="order-row" data-number={o.orderNumber}>
            {selectable && (
              <td className="staff-orders-pick">
                {/* The label makes the whole cell the target, for a thumb. */}
                <label className="staff-orders-pick-target">
                  <input type="checkbox" className="staff-check" aria-label={`Select ${o.orderNumber}`} checked={selected.has(o.orderNumber)} onChange={(e) => toggle(o.orderNumber, e.currentTarget.checked)} />
                </label>
              </td>
            )}
            <td className="staff-orders-number">
              <a href={staffPaths.order(o.orderNumber)} className="text-link font-semibold">
                {o.orderNumber}
              </a>
              {fresh.has(o.id) && <span className="staff-badge staff-badge-new">New</span>}
            </td>
            <td className="staff-orders-time">
              <time dateTime={o.createdAt}>{formatStaffTime(o.createdAt)}</time>
            </td>
            <td className="staff-orders-name">{o.name}</td>
            <td className="staff-orders-city">{o.city}</td>
            <td className="staff-orders-total">{formatRs(o.totalAmount)}</td>
            <td className="staff-orders-status">
              <span className={`staff-status staff-status-${o.status.toLowerCase()}`}>{o.status}</span>
            </td>
            <td className="staff-orders-paid">{o.isPaid ? 'Paid' : 'Not paid'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
