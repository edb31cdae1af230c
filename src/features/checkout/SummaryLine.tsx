/**
 * One line of the checkout's order summary: picture, name, quantity and line total. A line the
 * re-check or a 409 flagged says why beside it and offers what fixes it (change the quantity,
 * remove), so the shopper can place the order again with the new figures.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { formatRs } from '#lib/money.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { ProductThumb } from '#components/ProductThumb.tsx';
import { noticeText, type LineCheck } from '#features/cart/recheck.ts';
import { QuantityStepper } from '#features/cart/QuantityStepper.tsx';

interface Props {
  line: CartLine;
  check: LineCheck;
  /** Show the quantity and Remove controls (a flagged line, and one a 409 named, until the order is placed). */
  editable: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function SummaryLine({ line, check, editable, onQuantity, onRemove }: Props) {
  const flagged = editable || check.notices.length > 0 || !check.available;
  return (
    <li className="flex gap-3 py-3" data-testid="checkout-line" data-product-id={line.productId}>
      <ProductThumb src={line.images[0]} size={56} className={`h-14 w-14 shrink-0 rounded-xl ${check.available ? '' : 'opacity-50'}`} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <p className="line-clamp-2 text-sm font-medium text-stone-900">{line.productTitle}</p>
          <p className="shrink-0 text-right text-sm">
            <span className="sr-only">Line total: </span>
            <span className={`font-semibold ${check.available ? 'text-stone-900' : 'text-stone-500 line-through'}`} data-testid="checkout-line-total">
              {formatRs(line.price * line.quantity)}
            </span>
          </p>
        </div>
        <p className="mt-0.5 text-xs text-stone-600" data-testid="checkout-line-quantity">
          Qty {line.quantity} × {formatRs(line.price)}
        </p>
        {flagged && (
          <div className="mt-2 space-y-2">
            <ul className="space-y-1 empty:hidden" data-testid="checkout-line-notices">
              {check.notices.map((n) => (
                <li key={n.kind} className={`flex items-center gap-1.5 text-xs font-medium ${n.kind === 'price' ? 'text-amber-800' : 'text-red-700'}`}>
                  <LineIcon name="alert" className="h-4 w-4 shrink-0" />
                  {noticeText(n)}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-2">
              {check.available && <QuantityStepper title={line.productTitle} quantity={line.quantity} max={check.maxQuantity} onChange={onQuantity} />}
              <button type="button" onClick={onRemove} className="rounded-full px-3 py-2 text-xs font-semibold text-red-700 hover:bg-red-50">
                Remove<span className="sr-only"> {line.productTitle}</span>
              </button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
