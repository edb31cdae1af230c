/**
 * /OrderStatus/'s island: type an order id or number (any case, dashes and spaces optional) and go
 * to its status page. A blank box says so beside it and goes nowhere. Hydrates on first
 * interaction (EarlySubmit holds an early submit), or at once when the address carries `?order=`:
 * the plain form of the order pages' not-found state sends its value here, and so does this form
 * without JavaScript.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { Field } from '#components/forms/Field.tsx';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { trackTarget } from './rules.ts';

export default function TrackOrderForm() {
  const { root, rootProps, mounted } = useIslandReady<HTMLDivElement>();
  const [error, setError] = useState('');

  useEffect(() => {
    const sent = new URLSearchParams(location.search).get('order');
    const input = root.current?.querySelector<HTMLInputElement>('#order');
    if (!mounted || sent === null || !input) return;
    input.value = sent;
    go(input, true);
  }, [mounted]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    go(event.currentTarget.elements.namedItem('order') as HTMLInputElement);
  }

  /** To the order's page; `replace` when the value came in the address (back does not come here again). */
  function go(input: HTMLInputElement, replace = false) {
    const target = trackTarget(input.value);
    if (!target.ok) {
      setError(target.message);
      input.focus();
      return;
    }
    setError('');
    const url = paths.orderStatus(target.value);
    if (replace) location.replace(url);
    else location.assign(url);
  }

  return (
    <div ref={root} {...rootProps}>
      <h1 className="text-2xl font-bold text-stone-900">Track Your Order</h1>
      <p className="mt-1 text-sm text-stone-600">Enter the order number from your confirmation e-mail (like KR-7F3K-9Q2M) or your order ID.</p>
      <form method="get" action={paths.orderStatusForm()} noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Track your order">
        <Field id="order" label="Order number or order ID" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={200} error={error} />
        <button type="submit" className={ui.primary}>Track Order</button>
        <div role="alert" className="sr-only">{error}</div>
      </form>
    </div>
  );
}

