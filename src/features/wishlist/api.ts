/**
 * The wishlist's API module: what the catalogue says about wishlisted products now (price,
 * discount, stock), so the page shows today's figures and never moves a sold-out item to the cart.
 * One request for the whole list, like the cart's re-check (catalog/live.ts); must not throw.
 */
export { liveProducts as currentProducts, type LiveResult as CheckResult } from '#features/catalog/live.ts';
