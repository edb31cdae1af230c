/**
 * The catalogue's zod schemas and types, shared by browser, build and server.
 * Replies from the API are parsed with these before any UI or store sees them.
 */
import { z } from 'zod';
import { isPictureAddress, notAPicture } from '../picture-address.ts';
import { CATEGORY_NAME_WORDS, categoryNameFault } from '../category-name.ts';
import { MAX_PRICE } from '../money.ts';
import { MAX_STOCK, PRODUCT_RULE_WORDS } from './product-rules.ts';

/** The store's 13 category names, in display order; the nav falls back to them when none load. */
export const FALLBACK_CATEGORY_NAMES = [
  'Fresh & Chilled Food',
  'Food Cupboard',
  'Bakery',
  'Frozen Food',
  'Dietary, Lifestyle & World Foods',
  'Soft Drinks, Tea & Coffee',
  'Beer, Wine & Spirits',
  'Health, Beauty & Personal Care',
  'Baby, Parent & Kids',
  'Home Care & Cleaning',
  'Pets, Home & Garden',
  'Occasions & Entertaining',
  'Clothing & Accessories',
] as const;

/**
 * `relevance` is the search ranking (src/lib/search/), best first whatever the order asked;
 * without search words it is the newest first. A search without a sort is ranked by it.
 */
export const SORT_FIELDS = ['createdAt', 'price', 'rating', 'name', 'relevance'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_PAGE_SIZE = 12;
/** The longest search term the products API takes (`q`). */
export const MAX_SEARCH_LENGTH = 200;
/** The largest page the products API serves: the build reads the catalogue in pages of this size; the search page and the category controls ask for 48 at a time. */
export const MAX_PAGE_SIZE = 500;
/**
 * The largest page number and price filter the products API takes: prices are 32-bit integers in
 * the database, so a filter past them could not be compared (it was a 500), and no catalogue has
 * a million pages or a product at a billion rupees.
 */
export const MAX_PAGE = 1_000_000;
export const MAX_PRICE_FILTER = 1_000_000_000;
export const RELATED_PRODUCTS_COUNT = 4;

/** Whole rupees. */
const rupees = z.number().int().nonnegative();

export const SpecificationSchema = z.object({
  name: z.string().min(1),
  value: z.string().min(1),
});
export type Specification = z.infer<typeof SpecificationSchema>;

export const ReviewSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  date: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

const ratingCount = z.number().int().nonnegative();
/** How many shoppers gave each number of stars. */
export const RatingsByStarSchema = z.object({ '1': ratingCount, '2': ratingCount, '3': ratingCount, '4': ratingCount, '5': ratingCount });

export const CategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  images: z.array(z.string()).default([]),
  productCount: z.number().int().nonnegative().default(0),
});
export type Category = z.infer<typeof CategorySchema>;

const productFields = {
  _id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  category: z.string(),
  categoryId: z.string(),
  brand: z.string(),
  price: rupees,
  discount: rupees,
  stock: z.number().int(),
  /** The average of `ratingsByStar`, one decimal; 0 with no ratings. */
  rating: z.number().min(0).max(5),
  /** How many shoppers rated the product: the sum of `ratingsByStar`, written reviews included. */
  numRatings: z.number().int().nonnegative(),
  ratingsByStar: RatingsByStarSchema,
  /** How many of those ratings came with a written review. */
  numWrittenReviews: z.number().int().nonnegative(),
  images: z.array(z.string()),
  image: z.string(),
  specifications: z.array(SpecificationSchema),
  createdAt: z.string(),
};

/** A product as list endpoints return it; `reviews` only with `include=reviews`. */
export const ProductSchema = z.object({
  ...productFields,
  reviews: z.array(ReviewSchema).optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/** A product as GET /api/products/{id} returns it. */
export const ProductDetailSchema = z.object({
  ...productFields,
  reviews: z.array(ReviewSchema),
  relatedProducts: z.array(ProductSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** The product's figures right after a review, as the review's own transaction saw them. */
export const ReviewedProductFiguresSchema = ProductSchema.pick({ rating: true, numRatings: true, ratingsByStar: true, numWrittenReviews: true });

/** A posted review as the reviews API answers it (src/lib/schemas/reviews.ts has the body and the words). */
export const PostedReviewSchema = z.object({
  review: ReviewSchema,
  /** True when it replaced the shopper's earlier review of the product. */
  replaced: z.boolean(),
  product: ReviewedProductFiguresSchema,
});

/** The shopper's own review of a product, for the form to show what a new one would replace. */
export const OwnReviewSchema = ReviewSchema.extend({ productId: z.string() });

export const PaginationSchema = z.object({
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const ProductPageSchema = z.object({
  products: z.array(ProductSchema),
  pagination: PaginationSchema,
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** Query of GET /api/products and GET /api/categories/{id}/products. Strings in, typed values out. */
export const ProductQuerySchema = z
  .object({
    category: z.string().trim().min(1).optional(),
    /** A search: every word must be found by the search rule (src/lib/search/); no letters or digits is no filter. */
    q: z.string().max(MAX_SEARCH_LENGTH).optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    /** Left out: `relevance` when `q` has words, else `createdAt` (listProducts decides). */
    sortBy: z.enum(SORT_FIELDS).optional(),
    sortOrder: z.enum(SORT_ORDERS).default('desc'),
    minPrice: z.coerce.number().nonnegative().max(MAX_PRICE_FILTER).optional(),
    maxPrice: z.coerce.number().nonnegative().max(MAX_PRICE_FILTER).optional(),
    rating: z.coerce.number().min(0).max(5).optional(),
    include: z.enum(['reviews']).optional(),
  })
  .strict();
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

const starCount = z.coerce.number().int('must be a whole number').nonnegative().optional();
/** `ratings1` … `ratings5`: how many shoppers gave 1 … 5 stars (the import file's columns). */
export const RATINGS_FIELDS = ['ratings1', 'ratings2', 'ratings3', 'ratings4', 'ratings5'] as const;
const ratingsInputFields = {
  ratings1: starCount,
  ratings2: starCount,
  ratings3: starCount,
  ratings4: starCount,
  ratings5: starCount,
};

/**
 * The ids the catalogue makes (products and categories): lowercase letters, digits and dashes, at
 * most 100, starting with a letter or digit. They go into page paths as they are. Requests may
 * name longer ids (PRODUCT_ID_MAX_LENGTH), which are then simply unknown.
 */
const CatalogIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be lowercase letters, digits and dashes');

/** A catalogue row's pictures: the store's own or https: addresses, each named when it is not (picture-address.ts). */
const PicturesInput = z
  .array(
    z
      .string()
      .min(1)
      .superRefine((src, ctx) => {
        if (!isPictureAddress(src)) ctx.addIssue({ code: 'custom', message: notAPicture(src) });
      }),
  )
  .default([]);

/**
 * Whether the product is on sale: true or false (a CSV cell as text, any case). Left out, an
 * existing product stays as it is and a new one is on sale.
 */
const onSaleInput = z
  .preprocess((v) => (typeof v === 'string' ? ({ true: true, false: false } as Record<string, boolean>)[v.trim().toLowerCase()] ?? v : v), z.boolean({ error: 'must be true or false' }))
  .optional();

/**
 * A catalogue row as editors import and export it (JSON or CSV), and as the seed is written.
 * `category` is the category name. `createdAt` defaults to the import time. Ratings are given
 * as per-star counts (`ratings1` … `ratings5`), never as an average: the rating and the ratings
 * count are computed from them. Left out altogether, an existing product keeps its ratings and
 * a new one has none; given in part, the missing stars count 0.
 */
export const ProductInputSchema = z.object({
  _id: CatalogIdSchema,
  name: z.string().trim().min(1, 'is required'),
  description: z.string().trim().default(''),
  category: z.string().trim().min(1, 'is required'),
  brand: z.string().trim().default(''),
  price: z.coerce.number().int('must be whole rupees').positive('must be above 0').max(MAX_PRICE, PRODUCT_RULE_WORDS.tooDear),
  discount: z.coerce.number().int('must be whole rupees').nonnegative().max(MAX_PRICE, PRODUCT_RULE_WORDS.tooDear).default(0),
  stock: z.coerce.number().int('must be a whole number').nonnegative().max(MAX_STOCK, PRODUCT_RULE_WORDS.tooMany).default(0),
  ...ratingsInputFields,
  images: PicturesInput,
  specifications: z.array(SpecificationSchema).default([]),
  onSale: onSaleInput,
  createdAt: z.iso.datetime({ offset: true }).optional(),
});
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductRecord = z.output<typeof ProductInputSchema>;

export const CategoryInputSchema = z.object({
  _id: CatalogIdSchema,
  /** Part of the category page's address (/category/{name}/): the staff pages' rule and words (categoryNameFault). */
  name: z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      const fault = categoryNameFault(name);
      if (fault) ctx.addIssue({ code: 'custom', message: CATEGORY_NAME_WORDS[fault] });
    }),
  description: z.string().trim().default(''),
  images: PicturesInput,
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;

export const ReviewInputSchema = z.object({
  productId: z.string(),
  userName: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  comment: z.string().min(1),
  date: z.iso.datetime({ offset: true }),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;
