/**
 * Most units of one product in one order or cart line (ORDER_MAX_LINE_QUANTITY, default 20). A shop
 * sells to households, and one anonymous order must not take a product's whole stock: with a cap,
 * emptying a shelf takes many orders, and the per-client limits count orders.
 *
 * One number for browser and server: browser code gets it baked in at build (astro.config.mjs
 * defines PUBLIC_ORDER_MAX_LINE_QUANTITY from config.ts's setting); the server sets it from
 * config.ts when it starts. No imports, so any island may use it for nothing.
 */
export const DEFAULT_MAX_LINE_QUANTITY = 20;

let maxLineQuantity = Number(import.meta.env?.PUBLIC_ORDER_MAX_LINE_QUANTITY) || DEFAULT_MAX_LINE_QUANTITY;

export const lineQuantityCap = (): number => maxLineQuantity;

/** The server's setting (config.ts); tests may set another. */
export function setLineQuantityCap(units: number): void {
  maxLineQuantity = units;
}

/** What the shopper reads when a line is at the cap. */
export const capMessage = (units = lineQuantityCap()): string => `You can order at most ${units} of one product.`;
