/** The success page's 'What's Next': three steps from processing to paying in cash at the door. */
import { DELIVERY_ESTIMATE } from '#lib/delivery.ts';
const STEPS = [
  ['Order processing', 'We confirm your order and pack your items, usually within a few hours.'],
  ['Shipment', `Your order leaves our store; delivery takes ${DELIVERY_ESTIMATE}.`],
  ['Cash on delivery', 'Pay the rider in cash when your order arrives. No card needed.'],
] as const;

export function WhatsNext() {
  return (
    <section aria-labelledby="whats-next-heading" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="whats-next-heading" className="text-base font-semibold text-stone-900">What's Next</h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white" aria-hidden="true">{i + 1}</span>
            <div>
              <p className="text-sm font-semibold text-stone-900">{title}</p>
              <p className="mt-0.5 text-sm text-stone-600">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
