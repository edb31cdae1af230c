/** The catalogue: categories, products and their reviews. */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Specification } from '#lib/schemas/catalog.ts';
import { at, createdAt, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { staff } from './staff.ts';

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
  /** Raised by every editor's change (staff pages, catalogue files): a save names the version it started from. */
  version: integer('version').notNull().default(1),
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
    /**
     * False once an editor takes the product off sale: the shop no longer shows or sells it, and the
     * orders that name it keep their lines (a product an order refers to is never deleted).
     */
    onSale: boolean('on_sale').notNull().default(true),
    /**
     * Raised by every editor's change (staff pages, catalogue files), not by orders or reviews: a
     * save names the version it started from, and a save from an older version is refused.
     */
    version: integer('version').notNull().default(1),
    /**
     * What search matches, by field (src/lib/search/tokens.ts): the folded words of the name, the
     * brand, the category's name and the description, with their plural stems and joined pairs.
     * Written in TypeScript with the fields they come from; `searchRule` names the rule's version
     * they were made with, so a store started with a newer rule remakes them (search-columns.ts).
     */
    searchName: text('search_name').array().notNull().default(sql`'{}'::text[]`),
    searchBrand: text('search_brand').array().notNull().default(sql`'{}'::text[]`),
    searchCategory: text('search_category').array().notNull().default(sql`'{}'::text[]`),
    searchMore: text('search_more').array().notNull().default(sql`'{}'::text[]`),
    searchRule: integer('search_rule').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_search_idx').using('gin', sql`(${t.searchName} || ${t.searchBrand} || ${t.searchCategory} || ${t.searchMore})`),
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
    /**
     * Set when staff hide the review (abuse, spam): the shop no longer shows it and its stars leave
     * the product's counts; the reason is for staff only, and the reviewer is never told who hid it.
     */
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => staff.id),
  },
  (t) => [
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    check('reviews_rating_stars', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Old names of renamed categories: a category page is also built at /category/{its name}/, so a
 * rename would break the links to the old name; the store redirects them to the category instead.
 */
export const categoryRedirects = pgTable('category_redirects', {
  /** The category's former name, as it was. */
  oldName: text('old_name').primaryKey(),
  categoryId: text('category_id')
    .notNull()
    .references(() => categories.id, { onUpdate: 'cascade', onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Every search token ever written for a product (grows with each write; a full import prunes it):
 * a query word that is a prefix is expanded here into the tokens it starts, for the products' GIN
 * index. A token no product holds any more expands to nothing, so the growth is harmless.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('search_terms_prefix_idx').on(sql`${t.term} collate "C"`)],
);

/**
 * The shop's search dictionary: what shoppers type (`words`: Roman Urdu, Urdu script, local English,
 * brand shorthand) and what it finds (`means`: words of the catalogue). Edited by editors; a change
 * is a catalogue change (its trigger notifies like the catalogue's own tables).
 */
export const synonyms = pgTable('synonyms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  words: text('words').array().notNull(),
  means: text('means').array().notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
});

/** Searches that found nothing, by their folded words only (nothing about who searched). */
export const searchMisses = pgTable(
  'search_misses',
  {
    term: text('term').primaryKey(),
    searches: integer('searches').notNull().default(1),
    firstAt: at('first_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [index('search_misses_last_idx').on(t.lastAt), index('search_misses_searches_idx').on(t.searches)],
);
