/**
 * The checkout form's island (hydrates on first interaction; until then it is static HTML that
 * can be filled, and EarlySubmit holds an early Place Order): delivery details and contact,
 * payment (COD) and delivery (free), Place Order with the order's total ('Placing Order...' while
 * it is out) and the
 * messages. The signed-in shopper's stored details were put in the fields before the first paint
 * (checkout-page.astro); usePrefill adds the rest once mounted.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { CheckoutFields } from './CheckoutFields.tsx';
import { CheckoutMessages } from './CheckoutMessages.tsx';
import { PaymentDelivery } from './PaymentDelivery.tsx';
import { usePlaceOrder } from './usePlaceOrder.ts';
import { usePrefill } from './usePrefill.ts';
import { PLACE_ORDER_ATTR, placeOrderLabel } from './place-order-label.ts';
import { $orderTotal } from './store.ts';

export default function CheckoutForm() {
  const { root, rootProps, mounted } = useIslandReady<HTMLDivElement>();
  const form = useRef<HTMLFormElement>(null);
  usePrefill(form, mounted);
  const place = usePlaceOrder(form);
  const locked = place.busy || place.placed;
  const total = useStore($orderTotal);
  return (
    <div ref={root} {...rootProps}>
      <form ref={form} method="post" noValidate onSubmit={place.submit} aria-label="Checkout" className={`${ui.card} min-w-0 space-y-6`}>
        <CheckoutFields errors={place.errors} disabled={locked} />
        <PaymentDelivery />
        <div>
          <button type="submit" className={ui.primary} disabled={locked} {...{ [PLACE_ORDER_ATTR]: '' }}>
            {place.busy ? 'Placing Order...' : placeOrderLabel(total)}
          </button>
          <CheckoutMessages {...place.messages} />
        </div>
      </form>
    </div>
  );
}
