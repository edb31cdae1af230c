/**
 * The one database schema, shared by PGlite (embedded) and PostgreSQL (DATABASE_URL).
 * Change it, then run `npm run db:generate` and commit the migration it writes.
 *
 * Money is whole rupees (integer). `discount` is an amount off `price`; shoppers pay
 * `price - discount`, which is what the price filter and the price sort use (see sale_price index).
 * Room is left for users, orders and wishlists: they get their own tables in later migrations.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Specification } from '#lib/schemas/catalog.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
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
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onUpdate: 'cascade', onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_product_created_idx').on(t.productId, t.createdAt)],
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
