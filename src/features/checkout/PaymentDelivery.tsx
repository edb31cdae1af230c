import { DELIVERY_ESTIMATE } from '#lib/delivery.ts';
import { LineIcon } from '#components/LineIcon.tsx';

/** Payment and delivery: Cash on Delivery, the only method, shown chosen; delivery free. */
export function PaymentDelivery() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-base font-semibold text-stone-900">Payment</legend>
        <label className="flex items-start gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 px-4 py-3">
          <input type="radio" name="paymentMethod" value="COD" defaultChecked className="mt-1 h-4 w-4 accent-brand-700" />
          <span>
            <span className="block text-sm font-semibold text-stone-900">Cash on Delivery (COD)</span>
            <span className="block text-xs text-stone-600">Pay in cash when your order arrives.</span>
          </span>
        </label>
      </fieldset>
      <div>
        <h2 className="mb-2 text-base font-semibold text-stone-900">Delivery</h2>
        <p className="flex items-start gap-3 rounded-xl border border-stone-200 px-4 py-3">
          <LineIcon name="truck" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            <span className="block text-sm font-semibold text-stone-900">Free delivery</span>
            <span className="block text-xs text-stone-600">{DELIVERY_ESTIMATE}, anywhere in Pakistan.</span>
          </span>
        </p>
      </div>
    </div>
  );
}
