/**
 * Track an order: type its id or number (any case, dashes and spaces optional) and go to its
 * status page. A blank box says so beside it and goes nowhere. An island of its own on /OrderStatus/
 * (first interaction; EarlySubmit holds an early submit) and part of the not-found states.
 */
import { useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { Field } from '#features/account/Field.tsx';
import { ui } from '#features/account/ui.ts';
import { useIslandReady } from '#features/account/useIslandReady.ts';
import { trackTarget } from './rules.ts';

export function TrackOrderForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { root, rootProps } = useIslandReady<HTMLDivElement>();
  const [error, setError] = useState('');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('order') as HTMLInputElement;
    const target = trackTarget(input.value);
    if (!target.ok) {
      setError(target.message);
      input.focus();
      return;
    }
    setError('');
    location.assign(paths.orderStatus(target.value));
  }

  return (
    <div ref={root} {...rootProps}>
      <Heading className={headingLevel === 1 ? 'text-2xl font-bold text-stone-900' : 'text-lg font-semibold text-stone-900'}>Track Your Order</Heading>
      <p className="mt-1 text-sm text-stone-600">Enter the order number from your confirmation e-mail (like KR-7F3K-9Q2M) or your order ID.</p>
      <form method="post" noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Track your order">
        <Field id="order" label="Order number or order ID" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={200} error={error} />
        <button type="submit" className={ui.primary}>Track Order</button>
        <div role="alert" className="sr-only">{error}</div>
      </form>
    </div>
  );
}

export default TrackOrderForm;
