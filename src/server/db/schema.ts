/**
 * The one database schema, shared by PGlite (embedded) and PostgreSQL (DATABASE_URL).
 * Change it, then run `npm run db:generate` and commit the migration it writes.
 *
 * Money is whole rupees (integer). `discount` is an amount off `price`; shoppers pay
 * `price - discount`, which is what the price filter and the price sort use (see sale_price index).
 * One file a domain (schema/): catalog, accounts (and the limits' counters), orders, lists, the newsletter.
 *
 * Ratings are stored as what shoppers gave: `ratings_1` … `ratings_5` count the ratings of 1 … 5
 * stars, written reviews included (a review's stars are counted there too). `rating` and
 * `num_ratings` are generated from those counts by the database itself, so no write can make
 * them disagree: `num_ratings` is their sum, `rating` their average rounded to one decimal
 * (0 with no ratings), the same rule as summarizeRatings in src/lib/ratings.ts.
 */
export * from './schema/catalog.ts';
export * from './schema/accounts.ts';
export * from './schema/addresses.ts';
export * from './schema/orders.ts';
export * from './schema/lists.ts';
export * from './schema/newsletter.ts';
export * from './schema/staff.ts';
export * from './schema/sales.ts';
