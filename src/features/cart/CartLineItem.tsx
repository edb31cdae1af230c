/** One cart line: picture, title (links to the product), prices, re-check notices, quantity, line subtotal, remove. */
import type { CartLine } from '#lib/schemas/cart.ts';
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { ProductThumb } from '#components/ProductThumb.tsx';
import { noticeText, type LineCheck } from './recheck.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import { capMessage, lineQuantityCap } from '#lib/line-cap.ts';

interface Props {
  line: CartLine;
  check: LineCheck;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLineItem({ line, check, onQuantity, onRemove }: Props) {
  const cap = lineQuantityCap();
  // Why + stopped: at the cap (unless the stock stopped it first, which the line's notice says).
  const atCap = line.quantity >= cap && (check.maxQuantity === undefined || check.maxQuantity >= cap);
  const href = paths.product(line.productId);
  const struck = line.originalPrice !== undefined && line.originalPrice > line.price;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line" data-product-id={line.productId}>
      <a href={href} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
        <ProductThumb src={line.images[0]} size={96} className={`block h-20 w-20 rounded-xl sm:h-24 sm:w-24 ${check.available ? '' : 'opacity-50'}`} />
      </a>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="line-clamp-2 text-sm font-medium text-stone-900 sm:text-base">
              <a href={href} className="hover:text-brand-700">{line.productTitle}</a>
            </h3>
            <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-stone-900" data-testid="line-price">{formatRs(line.price)}</span>
              {struck && (
                <s className="price-was text-xs">
                  <span className="sr-only">Was </span>
                  {formatRs(line.originalPrice!)}
                </s>
              )}
            </p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${line.productTitle} from cart`}
            className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700"
          >
            <LineIcon name="trash" />
          </button>
        </div>
        {check.notices.length > 0 && (
          <ul className="flex flex-col gap-1" data-testid="line-notices">
            {check.notices.map((n) => (
              <li
                key={n.kind}
                className={`flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs font-medium ${n.kind === 'price' ? 'text-amber-800' : 'text-red-700'}`}
              >
                <LineIcon name="alert" className="h-4 w-4 shrink-0" />
                {noticeText(n)}
                {n.kind === 'short' && (
                  <button type="button" onClick={() => onQuantity(n.stock)} className="rounded font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2 hover:text-brand-900">
                    Change quantity to {n.stock}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2">
          <QuantityStepper title={line.productTitle} quantity={line.quantity} max={Math.min(check.maxQuantity ?? cap, cap)} onChange={onQuantity} />
          <p className="text-right text-sm">
            <span className="sr-only">Line subtotal: </span>
            <span className={`font-semibold ${check.available ? 'text-stone-900' : 'text-stone-500 line-through'}`} data-testid="line-subtotal">
              {formatRs(line.price * line.quantity)}
            </span>
            {!check.available && <span className="block text-xs text-stone-600">Not counted in the total</span>}
          </p>
        </div>
        {atCap && (
          <p className="text-xs text-stone-600" data-testid="line-cap" role="status">
            {capMessage(cap)}
          </p>
        )}
      </div>
    </li>
  );
}
