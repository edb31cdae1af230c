/**
 * The wishlist's API module: what the catalogue says about wishlisted products now (price,
 * discount, stock), so the page shows today's figures and never moves a sold-out item to the cart.
 * The same per-product call as the cart's re-check; must not throw.
 */
export { checkProducts as currentProducts } from '#features/cart/api.ts';
export type { CheckResult } from '#features/cart/recheck.ts';
