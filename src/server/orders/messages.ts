/** What the orders API says, in one place (the browser shows these words). */
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '#lib/idempotency-key.ts';
import { nextStatuses, type OrderStatus } from '#lib/schemas/orders.ts';

export const ORDER_MESSAGES = {
  placed: 'Order placed successfully!',
  replayed: 'Order placed successfully! (This order was already placed with this Idempotency-Key.)',
  conflicts: 'Some items in your cart have changed. Please review them and place your order again.',
  keyReused: 'This Idempotency-Key was already used for a different order.',
  tooLarge: 'This order is too large to place at once. Please split it into smaller orders.',
  badKey: `Invalid header 'Idempotency-Key': it must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID is typical).`,
  notFound: 'Order not found. Please check the order ID or number.',
  temporary:
    'This is a temporary guest order id: the order is confirmed by e-mail. Please use the order number or link in that e-mail to track it.',
  unknownNumber: (number: string) => `No order ${number} was found.`,
  findTooShort: 'Type a phone number, or at least 2 letters of the customer\'s name.',
  cancelled: (number: string) => `Your order ${number} has been cancelled. Nothing will be delivered or charged.`,
  /** Why a shopper may not cancel: only a Pending order can be. */
  cancelRefused: (from: OrderStatus) =>
    from === 'Cancelled'
      ? 'This order was already cancelled.'
      : from === 'Processing'
        ? 'This order is already being prepared and can no longer be cancelled.'
        : `This order was already ${from.toLowerCase()} and can no longer be cancelled.`,
  cancelNeedsPhone: 'Please enter the phone number this order was placed with to cancel it.',
  cancelWrongPhone: 'That phone number does not match this order. Please enter the number the order was placed with.',
  illegalMove: (number: string, from: OrderStatus, to: OrderStatus) => {
    if (to === 'Cancelled' && !nextStatuses(from).includes(to)) {
      return `Order ${number} cannot be cancelled: it was already ${from.toLowerCase()}.`;
    }
    const allowed = nextStatuses(from);
    const why = allowed.length ? `Allowed: ${allowed.join(', ')}.` : `Allowed: none (${from} is final).`;
    return `Cannot move order ${number} from ${from} to ${to}. ${why}`;
  },
} as const;
