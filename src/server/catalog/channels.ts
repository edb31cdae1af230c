/**
 * The channels on which the database announces catalogue changes (its triggers, migration
 * 0009_catalogue_notifications.sql): every store process listens and drops what it holds in memory.
 */
/** Categories, products (other than stock) or reviews changed; no payload. */
export const CATALOGUE_CHANNEL = 'kiryana_catalogue';
/** A product's stock changed; the payload is its id, with a leading '!' when it went in or out of stock. */
export const STOCK_CHANNEL = 'kiryana_stock';
