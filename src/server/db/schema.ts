/**
 * The one database schema, shared by PGlite (embedded) and PostgreSQL (DATABASE_URL).
 * Change it, then run `npm run db:generate` and commit the migration it writes.
 *
 * Money is whole rupees (integer). `discount` is an amount off `price`; shoppers pay
 * `price - discount`, which is what the price filter and the price sort use (see sale_price index).
 * Orders live in orders, order_items, order_status_events and idempotency_keys (end of file).
 *
 * Ratings are stored as what shoppers gave: `ratings_1` … `ratings_5` count the ratings of 1 … 5
 * stars, written reviews included (a review's stars are counted there too). `rating` and
 * `num_ratings` are generated from those counts by the database itself, so no write can make
 * them disagree: `num_ratings` is their sum, `rating` their average rounded to one decimal
 * (0 with no ratings), the same rule as summarizeRatings in src/lib/ratings.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Specification } from '#lib/schemas/catalog.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** A moment, with its time zone, read as a Date. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** The account a row belongs to; the row goes with the account. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Sum of the per-star counts, and the sum of their stars (for the average). */
const RATINGS_SUM = sql`"ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5"`;
const RATED_STARS = sql`"ratings_1" + 2 * "ratings_2" + 3 * "ratings_3" + 4 * "ratings_4" + 5 * "ratings_5"`;

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  /** Display order of the category list (navigation, home carousel). */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onUpdate: 'cascade', onDelete: 'restrict' }),
    brand: text('brand').notNull().default(''),
    price: integer('price').notNull(),
    discount: integer('discount').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    ratings1: integer('ratings_1').notNull().default(0),
    ratings2: integer('ratings_2').notNull().default(0),
    ratings3: integer('ratings_3').notNull().default(0),
    ratings4: integer('ratings_4').notNull().default(0),
    ratings5: integer('ratings_5').notNull().default(0),
    rating: doublePrecision('rating')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(round((${RATED_STARS})::numeric / nullif(${RATINGS_SUM}, 0), 1)::double precision, 0)`),
    numRatings: integer('num_ratings').notNull().generatedAlwaysAs(RATINGS_SUM),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Ties are broken on `id collate "C"` everywhere so PGlite and PostgreSQL (whatever the
    // server's default collation) give the same order as JavaScript string comparison.
    index('products_category_created_idx').on(t.categoryId, t.createdAt, sql`${t.id} collate "C"`),
    index('products_created_idx').on(t.createdAt, sql`${t.id} collate "C"`),
    index('products_sale_price_idx').on(sql`(${t.price} - ${t.discount})`, sql`${t.id} collate "C"`),
    index('products_rating_idx').on(t.rating, sql`${t.id} collate "C"`),
    index('products_name_idx').on(sql`lower(${t.name}) collate "C"`, sql`${t.id} collate "C"`),
    index('products_updated_idx').on(t.updatedAt),
    check('products_ratings_not_negative', sql`least(${t.ratings1}, ${t.ratings2}, ${t.ratings3}, ${t.ratings4}, ${t.ratings5}) >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onUpdate: 'cascade', onDelete: 'cascade' }),
    /**
     * The shopper who wrote it (issue 9); null for seeded and imported reviews, and when the
     * account is deleted (the review and its stars stay). One review per shopper per product:
     * the unique index below (NULLs never collide, so anonymous reviews are not limited).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown: the account's name when it was written (never the body's). */
    userName: text('user_name').notNull(),
    /** 1 to 5 stars; counted in the product's `ratings_N` as well. */
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    check('reviews_rating_stars', sql`${t.rating} between 1 and 5`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ReviewRow = typeof reviews.$inferSelect;

/** Newsletter sign-ups from the home page; one row an address (stored lowercased). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Accounts (issue 7). Every secret is stored hashed: passwords and verification codes with
 * argon2id, session and reset tokens with sha256 (they carry 256 random bits, so a fast hash is
 * enough). Times are written by the app's clock, never by the database's `now()`, so tests can move
 * time. Rows that only count (code requests, sign-in failures) live here too, so every limit holds
 * across processes.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Lowercased and trimmed. */
  email: text('email').notNull().unique(),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** Null until the e-mail is verified (by a code, or by a password reset through it). */
  verifiedAt: at('verified_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A registration attempt: one registration, or one sign-in with the right password while the
 * account is unverified. It holds that attempt's details and its one live code; the code that is
 * entered decides whose details the account gets (never those of another attempt). `id` is the
 * opaque `userId` the API hands to the browser: 256 random bits, base64url. It is stored as is:
 * alone it opens nothing (the mailed code is needed), and a rate-limited sign-in hands it back.
 * Every attempt of an account ends when the account is verified.
 */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
    /** argon2id of the attempt's live code; a new code replaces it. */
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: at('code_expires_at').notNull(),
    /** Tries of the live code so far, right or wrong; the code is dead at MAX_CODE_ATTEMPTS. */
    codeTries: integer('code_tries').notNull().default(0),
  },
  (t) => [index('registration_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** One row a code sent on request (resend, registering again, signing in unverified): the hourly limit. */
export const codeRequests = pgTable(
  'code_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    requestedAt: at('requested_at').notNull(),
  },
  (t) => [index('code_requests_user_idx').on(t.userId, t.requestedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    /** sha256 (hex) of the token in the e-mailed link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The per-client limits' counters (src/server/limits/limits.ts), in the shape rate-limiter-flexible's
 * Drizzle store reads: one row a limit and client, its points spent and when its window ends.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: at('expire'),
});

export type UserRow = typeof users.$inferSelect;
export type AttemptRow = typeof registrationAttempts.$inferSelect;

/**
 * Orders (issue 8). `id` is 144 random bits (base64url, 24 characters): knowing it is enough to see
 * the whole order. `order_number` is `KR-XXXX-XXXX` (40 random bits), unique, safe to read aloud;
 * by number alone only a summary is shown. Money is whole rupees, priced by the server with
 * src/lib/money.ts at placement (the client's prices are never charged). Times come from the app's
 * clock. A guest order has no `user_id`; deleting an account keeps its orders (set null).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who receives the order: the guest's details, or the account's. E-mail lowercased. */
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    contactNumber: text('contact_number').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    subtotal: integer('subtotal').notNull(),
    youSave: integer('you_save').notNull(),
    shipping: integer('shipping').notNull(),
    totalAmount: integer('total_amount').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: at('paid_at'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    check('orders_total_positive', sql`${t.totalAmount} > 0`),
  ],
);

/** The lines of an order as priced at placement (name and image kept: the product may change or go). */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Its place in the order (0, 1, …): lines read back in the order they were placed. */
    position: integer('position').notNull(),
    /** No foreign key: an order outlives the product it sold. */
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    price: integer('price').notNull(),
    /** The struck price, when the product was discounted. */
    originalPrice: integer('original_price'),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] }), check('order_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/** The status timeline: Pending at placement, then one row a move. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Idempotency-Key of a placement, written by the placement's one statement together with its order
 * (`order_id` set at once): a placement that fails binds nothing, and a committed row always has an
 * order. The key is unique store-wide, so the same key from another owner is refused (422) rather
 * than placing a second order; a concurrent placement with the key waits on its row. `scope` is the
 * owner ('user:{id}' or 'guest'); `request_hash` is sha256 of the canonical parsed body and the owner.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  requestHash: text('request_hash').notNull(),
  orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderStatusEventRow = typeof orderStatusEvents.$inferSelect;

/**
 * A signed-in shopper's wishlist and cart (issue 9), kept so every device shows the same lists.
 * Only ids and quantities are stored: replies join today's product (name, price, stock). A row
 * goes with its account and with its product (a catalogue import may delete products).
 * Lists read oldest first: `position` grows with every row added (an identity), so the lines of
 * one request keep the order they were sent in, and a line whose quantity changes keeps its place.
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
