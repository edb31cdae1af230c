/**
 * The cart's one API module: what the catalogue says about the products in a cart now, all lines
 * in one request (catalog/live.ts). A product the API does not know is `missing`; any failure is
 * `failed` and the line stays as stored.
 */
import { liveProducts } from '#features/catalog/live.ts';

export { liveProducts as checkProducts };
