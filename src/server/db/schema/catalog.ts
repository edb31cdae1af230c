/** The catalogue: categories, products and their reviews. */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Specification } from '#lib/schemas/catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './accounts.ts';

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
     * The shopper who wrote it; null for seeded and imported reviews, and when the
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
