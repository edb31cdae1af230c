/**
 * The staff catalogue API's requests and replies (/api/staff/products, /api/staff/catalog). The
 * server checks requests with these schemas and the OpenAPI document states the replies with
 * them; the staff pages import them ONLY as types (no zod in a staff page at run time).
 *
 * A product's fields are checked by the catalogue importer's own rules (validate-catalog.ts), so
 * a form, the stock grid and a catalogue file are refused in the same words: the request schemas
 * here only shape the body (which fields may be sent), they do not judge the values.
 */
import { z } from 'zod';

/** The fields an editor gives a product, as a catalogue file names them. */
export const PRODUCT_FIELDS = ['_id', 'name', 'description', 'category', 'brand', 'price', 'discount', 'stock', 'images', 'specifications'] as const;
/** The fields a change may name: a product's own (not its id), and whether it is on sale. */
export const CHANGE_FIELDS = ['name', 'description', 'category', 'brand', 'price', 'discount', 'stock', 'images', 'specifications', 'onSale'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
/** The fields the stock and price grid changes. */
export const GRID_FIELDS = ['price', 'discount', 'stock'] as const;
/** The most products one grid save may change. */
export const MAX_BULK_CHANGES = 500;
/** Rows of the products list a page at most. */
export const MAX_LIST_LIMIT = 200;
/** `low` stock: 1 to this many units. */
export const LOW_STOCK = 10;

const value = (description: string) => z.unknown().meta({ description });
const FIELD_VALUES = {
  _id: value('Lowercase letters, digits and dashes (1 to 100), e.g. `shan-biryani-masala-50g`.'),
  name: value('Text, required.'),
  description: value('Text.'),
  category: value("The category's name or id."),
  brand: value('Text.'),
  price: value('Whole rupees, above 0.'),
  discount: value('Whole rupees off the price, 0 to the price.'),
  stock: value('Whole units, 0 or more.'),
  images: value('Picture paths, the first the main one.'),
  specifications: value('`[{name, value}]`.'),
} as const;

/** A new product, as the importer takes a row (values judged by the importer's rules). */
export const StaffProductCreateSchema = z.strictObject({
  _id: FIELD_VALUES._id,
  name: FIELD_VALUES.name,
  description: FIELD_VALUES.description.optional(),
  category: FIELD_VALUES.category,
  brand: FIELD_VALUES.brand.optional(),
  price: FIELD_VALUES.price,
  discount: FIELD_VALUES.discount.optional(),
  stock: FIELD_VALUES.stock.optional(),
  images: FIELD_VALUES.images.optional(),
  specifications: FIELD_VALUES.specifications.optional(),
});

const Version = z.number().int().min(1).max(2_147_483_647).meta({ description: 'The version the editor started from.' });

/** A change to one product: the version it started from and only the fields the editor changed. */
export const StaffProductChangeSchema = z.strictObject({
  version: Version,
  changes: z.strictObject({
    name: FIELD_VALUES.name.optional(),
    description: FIELD_VALUES.description.optional(),
    category: FIELD_VALUES.category.optional(),
    brand: FIELD_VALUES.brand.optional(),
    price: FIELD_VALUES.price.optional(),
    discount: FIELD_VALUES.discount.optional(),
    stock: FIELD_VALUES.stock.optional(),
    images: FIELD_VALUES.images.optional(),
    specifications: FIELD_VALUES.specifications.optional(),
    onSale: z.boolean().optional(),
  }),
});
export type StaffProductChange = z.infer<typeof StaffProductChangeSchema>;

/** The stock and price grid's save: every row named by id and version, all or nothing. */
export const StaffBulkChangeSchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        _id: z.string().max(200),
        version: Version,
        price: FIELD_VALUES.price.optional(),
        discount: FIELD_VALUES.discount.optional(),
        stock: FIELD_VALUES.stock.optional(),
      }),
    )
    .min(1)
    .max(MAX_BULK_CHANGES),
});
export type StaffBulkChange = z.infer<typeof StaffBulkChangeSchema>;

const text = (description: string) => z.string().optional().meta({ description });
/** The list's question: every parameter optional; read by readProductListQuery. */
export const StaffProductListQuery = z.strictObject({
  q: text('Part of an id, a name or a brand.'),
  category: text("A category's id."),
  stock: z.enum(['all', 'low', 'out']).optional().meta({ description: `\`low\`: 1 to ${LOW_STOCK} in stock; \`out\`: none.` }),
  sale: z.enum(['on', 'off', 'all']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).optional(),
});

export const StaffProductRowSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  categoryId: z.string(),
  price: z.number(),
  discount: z.number(),
  stock: z.number(),
  onSale: z.boolean(),
  version: z.number(),
  /** The main picture, or null. */
  image: z.string().nullable(),
  updatedAt: z.string(),
});
export type StaffProductRow = z.infer<typeof StaffProductRowSchema>;

export const StaffProductListSchema = z.strictObject({
  products: z.array(StaffProductRowSchema),
  pagination: z.strictObject({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
});
export type StaffProductList = z.infer<typeof StaffProductListSchema>;

export const StaffProductSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The category's name. */
  category: z.string(),
  categoryId: z.string(),
  brand: z.string(),
  price: z.number(),
  discount: z.number(),
  stock: z.number(),
  images: z.array(z.string()),
  specifications: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  onSale: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
  numRatings: z.number(),
  rating: z.number(),
});
export type StaffProduct = z.infer<typeof StaffProductSchema>;

/** A grid row's figures as saved (or as stored, in a conflict). */
export const StaffFiguresSchema = z.strictObject({ _id: z.string(), version: z.number(), price: z.number(), discount: z.number(), stock: z.number() });
export type StaffFigures = z.infer<typeof StaffFiguresSchema>;
export const StaffBulkReplySchema = z.strictObject({ products: z.array(StaffFiguresSchema) });
export type StaffBulkReply = z.infer<typeof StaffBulkReplySchema>;
export const StaffBulkProblemSchema = z.strictObject({ _id: z.string(), field: z.string(), message: z.string() });
export type StaffBulkProblem = z.infer<typeof StaffBulkProblemSchema>;
export const StaffBulkConflictSchema = z.strictObject({ _id: z.string(), current: StaffFiguresSchema.omit({ _id: true }) });
export type StaffBulkConflict = z.infer<typeof StaffBulkConflictSchema>;

/** A failed rebuild of the shop's pages (src/lib/site-status.ts), null while they are up to date. */
export const StaffSiteFailureSchema = z
  .strictObject({ since: z.string(), tries: z.number(), reason: z.string(), nextTry: z.string().nullable() })
  .nullable()
  .meta({ description: 'A failed rebuild of the shop’s pages, tried again by the store by itself; null while the pages are up to date (or being updated).' });
export const StaffSiteSchema = z.strictObject({ failing: StaffSiteFailureSchema });
export type StaffSite = z.infer<typeof StaffSiteSchema>;

export const StaffLiveSchema = z.strictObject({ version: z.number(), live: z.boolean(), failing: StaffSiteFailureSchema });
export type StaffLive = z.infer<typeof StaffLiveSchema>;

export const StaffHistoryEntrySchema = z.strictObject({
  id: z.number(),
  at: z.string(),
  /** Null: the command line. */
  staffName: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type StaffHistoryEntry = z.infer<typeof StaffHistoryEntrySchema>;
export const StaffHistorySchema = z.strictObject({ entries: z.array(StaffHistoryEntrySchema), next: z.number().nullable() });
export type StaffHistory = z.infer<typeof StaffHistorySchema>;
export const StaffHistoryQuery = z.strictObject({ before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

/** What a file's search dictionary does to the stored one: it replaces it (nothing is written when `same`). */
export const DictionaryChangeSchema = z.strictObject({ entries: z.number().int(), before: z.number().int(), same: z.boolean() });

/** A catalogue file's check (or import): its row problems and what it changes (or changed). */
export const StaffCatalogFileReplySchema = z.strictObject({
  ok: z.boolean(),
  errors: z.array(
    z.strictObject({
      row: z.number(),
      id: z.string().optional(),
      field: z.string(),
      message: z.string(),
      line: z.number().optional(),
      /** `synonyms`: an entry of the file's search dictionary, `categories` a category (`row` numbers those). */
      section: z.enum(['synonyms', 'categories']).optional(),
      text: z.string(),
    }),
  ),
  changes: z.strictObject({
    created: z.array(z.string()),
    changed: z.array(z.strictObject({ id: z.string(), fields: z.array(z.string()) })),
    unchanged: z.number(),
    /** Present when the file carries a search dictionary. */
    synonyms: DictionaryChangeSchema.optional(),
  }),
  categories: z.number(),
  /** How the file's bytes were read, when not plainly UTF-8. */
  note: z.string().optional(),
});
export type StaffCatalogFileReply = z.infer<typeof StaffCatalogFileReplySchema>;
export const StaffCatalogFormatQuery = z.strictObject({ format: z.enum(['csv', 'json']) });
/** An export: the whole catalogue, or (`part=synonyms`) only the search dictionary. */
export const StaffCatalogExportQuery = z.strictObject({ format: z.enum(['csv', 'json']), part: z.enum(['catalogue', 'synonyms']).optional() });
