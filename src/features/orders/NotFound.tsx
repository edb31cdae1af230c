/** An order the store does not know: 'Order not found...' and the tracking form to try another. */
import { NOT_FOUND } from './api.ts';
import { TrackOrderForm } from './TrackOrderForm.tsx';

export default function NotFound({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-md" data-testid="order-not-found">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{NOT_FOUND}</p>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <TrackOrderForm headingLevel={2} />
      </div>
    </div>
  );
}
