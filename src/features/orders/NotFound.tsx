/**
 * An order the store does not know: 'Order not found...' and the tracking form to try another.
 * The form is plain HTML (GET /OrderStatus/?order=…, where the tracking island takes it over), so
 * this state loads no form code of its own (its classes are the accounts' `ui` ones, written out:
 * importing them would cost the order pages a chunk).
 */
import { paths } from '#lib/paths.ts';
import { NOT_FOUND } from './api.ts';

export function NotFound({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-md" data-testid="order-not-found">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{NOT_FOUND}</p>
      <form method="get" action={paths.orderStatusForm()} className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="try-again-heading">
        <h2 id="try-again-heading" className="text-lg font-semibold text-stone-900">Track another order</h2>
        <div>
          <label htmlFor="order" className="block text-sm font-semibold text-stone-800">Order number or order ID</label>
          <input id="order" name="order" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={200} className="mt-1.5 block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-[15px] text-stone-900 hover:border-stone-400 focus:border-brand-600" />
        </div>
        <button type="submit" className="inline-flex w-full items-center justify-center rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-800">Track Order</button>
      </form>
    </div>
  );
}
