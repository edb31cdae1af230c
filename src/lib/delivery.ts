/**
 * The shop's one delivery promise, in the words every page and mail uses: the cart, checkout, the
 * order's pages, the confirmation mail and the product page's Shipping tab. Delivery is free on
 * every order; express delivery is offered on the product page only.
 */
export const DELIVERY_ESTIMATE = '2-3 business days';
export const EXPRESS_DELIVERY = '1-2 business days for Rs. 500 extra';
/** The line the cart and checkout summaries show. */
export const ESTIMATED_DELIVERY = `Estimated delivery: ${DELIVERY_ESTIMATE}`;
