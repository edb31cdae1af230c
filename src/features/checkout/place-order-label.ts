/**
 * Place Order's label, and so its accessible name: it says the order's total ("Place Order · Rs.
 * 2,450"), the total the summary shows, so that a shopper on a phone, where the summary comes
 * after the form, knows what the order costs before placing it. Without a total to say, just Place Order.
 * The form's island renders it, and the page's own script writes it into the still form before
 * the island starts (start-summary.ts), from the same store.
 */
import { formatRs } from '#lib/money.ts';

export const PLACE_ORDER = 'Place Order';

export const placeOrderLabel = (total: number) => (total > 0 ? `${PLACE_ORDER} · ${formatRs(total)}` : PLACE_ORDER);

/** The form's Place Order button, found by the page's script. */
export const PLACE_ORDER_ATTR = 'data-place-order';
