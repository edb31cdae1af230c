/**
 * The figures of a basket as the cart and the checkout both show them: Subtotal, Shipping FREE,
 * You Save and Total, from basketTotals (the one pricing module). One component, so the two pages
 * cannot drift apart.
 */
import { formatRs, type BasketTotals } from '#lib/money.ts';

const ROW = 'flex justify-between gap-4 py-1.5 text-sm';

export function BasketFigures({ totals, className = 'mt-3' }: { totals: BasketTotals; className?: string }) {
  return (
    <dl className={`${className} divide-y divide-stone-100`}>
      <div className={ROW}>
        <dt className="text-stone-600">Subtotal</dt>
        <dd className="font-medium text-stone-900" data-testid="summary-subtotal">{formatRs(totals.subtotal)}</dd>
      </div>
      <div className={ROW}>
        <dt className="text-stone-600">Shipping</dt>
        <dd className="font-semibold text-brand-700" data-testid="summary-shipping">FREE</dd>
      </div>
      <div className={ROW}>
        <dt className="text-stone-600">You Save</dt>
        <dd className="font-medium text-brand-700" data-testid="summary-you-save">-{formatRs(totals.youSave)}</dd>
      </div>
      <div className={`${ROW} pt-3 text-base`}>
        <dt className="font-semibold text-stone-900">Total</dt>
        <dd className="font-bold text-stone-900" data-testid="summary-total">{formatRs(totals.total)}</dd>
      </div>
    </dl>
  );
}
