/**
 * GET /api/products/live?ids=a,b,…: what changes while a page is open (price, discount, stock) for up
 * to MAX_LIVE_IDS products in one request: the buy box, the cart's re-check, the wishlist's refresh.
 * Products the catalogue does not know are left out of the reply. Shared by the API (its types and
 * its OpenAPI document) and the browser (which parses the reply with LiveProductSchema: zod/mini,
 * since those pages have no room for the full zod).
 */
import * as z from 'zod/mini';

export const MAX_LIVE_IDS = 100;

/** Whole rupees, never negative. */
const rupees = z.number().check(z.nonnegative());
/** Units in stock (a whole number). */
const units = z.number();

/** One product's figures in the reply. */
export const LiveProductSchema = z.object({ _id: z.string(), price: rupees, discount: rupees, stock: units });
export type LiveProduct = z.infer<typeof LiveProductSchema>;

/** A product's figures that change while a page is open. */
export type LiveFigures = Omit<LiveProduct, '_id'>;

/** What the document says of the numbers beyond their zod kind (server/http/openapi.ts; the browser never imports it). */
export const LIVE_PRODUCT_JSON: ReadonlyArray<readonly [z.ZodMiniType, Record<string, unknown>]> = [
  [rupees, { type: 'integer', maximum: 9007199254740991 }],
  [units, { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }],
];
