/**
 * The checkout's messages under Place Order: what stops the order in a role=alert region (with
 * every field's message listed), what is happening in a role=status one. Both regions are always
 * in the page, so what is put in them is announced.
 */
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import type { Messages } from './usePlaceOrder.ts';

export function CheckoutMessages({ error, list, notice }: Messages) {
  return (
    <>
      <ErrorMessage message={error} list={list} testId="checkout-error" />
      <SuccessMessage message={notice} testId="checkout-notice" />
    </>
  );
}
