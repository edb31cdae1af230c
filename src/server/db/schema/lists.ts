/** The signed-in shopper's wishlist and cart. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { ownerId } from './accounts.ts';
import { products } from './catalog.ts';

/**
 * A signed-in shopper's wishlist and cart, kept so every device shows the same lists. Only ids and
 * quantities are stored: replies join today's product (name, price, stock). A row goes with its
 * account and with its product (a catalogue import may delete products). Lists read oldest first:
 * `position` grows with every row added (an identity), so the lines of one request keep the order
 * they were sent in, and a line whose quantity changes keeps its place.
 */
const listProductId = () =>
  text('product_id')
    .notNull()
    .references(() => products.id, { onUpdate: 'cascade', onDelete: 'cascade' });

const listPosition = () => bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: ownerId(),
    productId: listProductId(),
    position: listPosition(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: ownerId(),
    productId: listProductId(),
    position: listPosition(),
    quantity: integer('quantity').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * Idempotency-Key of a cart or wishlist change, per shopper: claimed in the change's own
 * transaction, so a change that fails claims nothing and one that commits is never applied
 * twice. Each keyed change prunes its shopper's keys older than SYNC_KEY_DAYS (src/server/lists/keys.ts).
 */
export const syncKeys = pgTable(
  'sync_keys',
  {
    userId: ownerId(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type WishlistItemRow = typeof wishlistItems.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
