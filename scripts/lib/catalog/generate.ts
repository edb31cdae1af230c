/**
 * A large, realistic, deterministic catalogue for load tests and page-count benchmarks, and the
 * bulk insert that fills a database with it.
 * Same `n` and `seed` → the same products, byte for byte (a seeded PRNG; no Math.random, no clock).
 */
import { categoryLookup } from '#lib/category-lookup.ts';
import { starFields } from '#lib/ratings.ts';
import { FALLBACK_CATEGORY_NAMES, ProductInputSchema, type CategoryInput, type ProductInput } from '#lib/schemas/catalog.ts';
import { slugify } from '#lib/slug.ts';
import { BULK_BATCH, categoryRecords, deleteAllProducts, insertCategories, insertProducts, toProductRow } from '#server/catalog/bulk.ts';
import { pruneSearchTerms } from '#server/catalog/search-columns.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { spreadRatings } from './ratings.ts';

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Line {
  brands: string[];
  items: string[];
  sizes: string[];
  /** Typical price range in rupees. */
  price: [number, number];
}

/** Keyed by the 13 category names. */
const LINES: Record<(typeof FALLBACK_CATEGORY_NAMES)[number], Line> = {
  'Fresh & Chilled Food': { brands: ['Olpers', 'Nestle', 'Adams', 'Haleeb', 'Prema', 'K&Ns', 'Menu'], items: ['Full Cream Milk', 'Plain Yoghurt', 'Salted Butter', 'Cheddar Cheese', 'Cream', 'Chicken Nuggets', 'Chicken Breast', 'Mutton Boti', 'Paneer', 'Lassi'], sizes: ['250ml', '500g', '1L', '1kg', '200g', '1.5L'], price: [120, 2200] },
  'Food Cupboard': { brands: ['Shan', 'National', 'Guard', 'Sunridge', 'Mitchells', 'Knorr', 'Dalda', 'Habib'], items: ['Biryani Masala', 'Basmati Rice', 'Chakki Atta', 'Red Chilli Powder', 'Haldi Powder', 'Ketchup', 'Cooking Oil', 'Banaspati Ghee', 'Chana Dal', 'Noodles', 'Custard Powder'], sizes: ['50g', '100g', '1kg', '5kg', '10kg', '500ml', '3L'], price: [60, 4500] },
  Bakery: { brands: ['Dawn', 'Bake Parlor', 'Mayfair', 'Gourmet', 'Rahat'], items: ['Sandwich Bread', 'Brown Bread', 'Rusk', 'Bun', 'Cake Rusk', 'Fruit Cake', 'Croissant', 'Naan'], sizes: ['Small', 'Large', '6 pcs', '12 pcs', '350g'], price: [80, 1200] },
  'Frozen Food': { brands: ['K&Ns', 'Sabroso', 'Menu', 'Dawn', 'Mon Salwa'], items: ['Chicken Nuggets', 'Seekh Kabab', 'Samosa', 'Paratha', 'Spring Rolls', 'Chapli Kabab', 'French Fries', 'Shami Kabab'], sizes: ['12 pcs', '20 pcs', '500g', '1kg', '5 pcs'], price: [250, 2800] },
  'Dietary, Lifestyle & World Foods': { brands: ['Quaker', 'Kelloggs', 'Nutrigain', 'Youngs', 'Barilla', 'Kikkoman'], items: ['Oats', 'Corn Flakes', 'Muesli', 'Brown Rice', 'Penne Pasta', 'Soy Sauce', 'Peanut Butter', 'Sugar Free Sweetener', 'Chia Seeds'], sizes: ['250g', '500g', '1kg', '150ml', '100 sachets'], price: [200, 3500] },
  'Soft Drinks, Tea & Coffee': { brands: ['Tapal', 'Lipton', 'Vital', 'Nescafe', 'Pepsi', 'Coca-Cola', 'Nestle', 'Shezan'], items: ['Danedar Tea', 'Yellow Label Tea', 'Green Tea', 'Classic Coffee', 'Cola', 'Mineral Water', 'Mango Juice', 'Lemon Soda'], sizes: ['250ml', '500ml', '1.5L', '190g', '475g', '950g', '25 bags'], price: [50, 2400] },
  'Beer, Wine & Spirits': { brands: ['Murree', 'Bavaria', 'Barbican', 'Holsten'], items: ['Malt Drink', 'Non-Alcoholic Beer', 'Apple Malt', 'Pomegranate Malt', 'Lemon Malt'], sizes: ['250ml', '330ml', '6 x 330ml', '1L'], price: [120, 1800] },
  'Health, Beauty & Personal Care': { brands: ['Lux', 'Safeguard', 'Dove', 'Head & Shoulders', 'Colgate', 'Sensodyne', 'Nivea', 'Panadol'], items: ['Beauty Soap', 'Shampoo', 'Body Wash', 'Toothpaste', 'Moisturising Cream', 'Face Wash', 'Hand Sanitiser', 'Pain Relief Tablets'], sizes: ['100g', '185ml', '360ml', '75ml', '20 tablets', '500ml'], price: [90, 1900] },
  'Baby, Parent & Kids': { brands: ['Pampers', 'Molfix', 'Cerelac', 'Johnsons', 'Nido', 'Huggies'], items: ['Baby Diapers', 'Baby Wipes', 'Wheat Cereal', 'Baby Shampoo', 'Growing Up Milk', 'Baby Lotion', 'Feeding Bottle'], sizes: ['Size 3', 'Size 4', '64 pcs', '350g', '200ml', '900g'], price: [250, 6500] },
  'Home Care & Cleaning': { brands: ['Surf Excel', 'Ariel', 'Harpic', 'Dettol', 'Vim', 'Finis', 'Max'], items: ['Washing Powder', 'Liquid Detergent', 'Toilet Cleaner', 'Surface Cleaner', 'Dishwash Bar', 'Dishwash Liquid', 'Glass Cleaner', 'Floor Cleaner'], sizes: ['500g', '1kg', '3kg', '500ml', '1L', '5L'], price: [80, 3200] },
  'Pets, Home & Garden': { brands: ['Whiskas', 'Pedigree', 'Royal Canin', 'Mortein', 'Bio Garden', 'Philips'], items: ['Cat Food', 'Dog Food', 'Cat Litter', 'Insect Spray', 'Potting Soil', 'Plant Fertiliser', 'LED Bulb', 'Garden Gloves'], sizes: ['85g', '400g', '1.2kg', '3kg', '5L', '12W', '300ml'], price: [150, 7500] },
  'Occasions & Entertaining': { brands: ['Hilal', 'Candyland', 'Peek Freans', 'LU', 'Bake Parlor', 'Party Time'], items: ['Chocolate Box', 'Assorted Biscuits', 'Gift Hamper', 'Birthday Candles', 'Paper Plates', 'Mithai Box', 'Balloons', 'Dry Fruit Tray'], sizes: ['Small', 'Medium', 'Large', '24 pcs', '500g', '1kg'], price: [100, 9000] },
  'Clothing & Accessories': { brands: ['Bata', 'Servis', 'Bonanza', 'Khaadi', 'Gul Ahmed', 'Outfitters'], items: ['Cotton Socks', 'Slippers', 'Lawn Dupatta', 'Shalwar Kameez', 'Cap', 'Umbrella', 'Handkerchief Set', 'Sandals'], sizes: ['Small', 'Medium', 'Large', 'Free Size', 'Pack of 3'], price: [200, 6000] },
};

const REVIEW_WORDS = ['Fresh', 'Value for money', 'Authentic taste', 'Family favourite', 'Quick delivery', 'Good packaging'];

export interface GenerateOptions {
  seed?: number;
  /** Image URLs to reuse (e.g. the seed's product images); empty → the placeholder. */
  images?: readonly string[];
  /** The newest createdAt; products spread over the year before it. Default 2025-01-01. */
  until?: string;
  /** Category names to use (default the 13 standard ones). */
  categories?: readonly string[];
}

/** `n` products, deterministic for a given seed. Ids are unique (`…-{index}`). */
export function generateProducts(n: number, options: GenerateOptions = {}): ProductInput[] {
  const random = prng(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const names = options.categories ?? FALLBACK_CATEGORY_NAMES;
  const images = options.images ?? [];
  const until = Date.parse(options.until ?? '2025-01-01T00:00:00.000Z');
  const year = 365 * 24 * 3600 * 1000;
  const width = String(Math.max(n - 1, 0)).length;
  const out: ProductInput[] = [];
  for (let i = 0; i < n; i++) {
    const category = names[i % names.length];
    const line = (LINES as Record<string, Line>)[category] ?? LINES['Food Cupboard'];
    const brand = pick(line.brands);
    const item = pick(line.items);
    const size = pick(line.sizes);
    const name = `${brand} ${item} ${size}`;
    const [lo, hi] = line.price;
    // Prices end in 0 or 5 like shelf prices; one in three is discounted by 5–25%.
    const price = Math.max(10, Math.round((lo + random() * (hi - lo)) / 5) * 5);
    const discount = random() < 0.33 ? Math.round((price * (0.05 + random() * 0.2)) / 5) * 5 : 0;
    const stockRoll = random();
    const stock = stockRoll < 0.08 ? 0 : stockRoll < 0.2 ? 1 + Math.floor(random() * 5) : 6 + Math.floor(random() * 300);
    // Ratings as shoppers give them, per star; the rating and its count follow from them.
    const quality = random();
    const ratings = spreadRatings(Math.floor(random() * 250), quality, (quality * 9301) % 1);
    const createdAt = new Date(until - Math.floor(random() * year)).toISOString();
    const image = images.length ? [images[Math.floor(random() * images.length)]] : [];
    out.push({
      _id: `${slugify(name)}-${String(i).padStart(width, '0')}`,
      name,
      description: `${brand} ${item.toLowerCase()}, ${size}. ${pick(REVIEW_WORDS)} — delivered across Pakistan.`,
      category,
      brand,
      price,
      discount: Math.min(discount, price),
      stock,
      ...starFields(ratings),
      images: image,
      specifications: [
        { name: 'Brand', value: brand },
        { name: 'Size', value: size },
        { name: 'Origin', value: random() < 0.85 ? 'Pakistan' : pick(['UAE', 'Malaysia', 'Turkey', 'China']) },
      ],
      createdAt,
    });
  }
  return out;
}

/**
 * Inserts products (categories must exist, matched by name or id) in batches inside one
 * transaction. Returns the milliseconds it took.
 */
export async function bulkInsertProducts(db: Database, list: readonly ProductInput[], batch = BULK_BATCH): Promise<number> {
  const started = performance.now();
  const categoryOf = categoryLookup(await categoryRecords(db));
  const now = new Date();
  const rows = list.map((input) => {
    const record = ProductInputSchema.parse(input);
    const categoryId = categoryOf(record.category);
    if (!categoryId) throw new Error(`Product ${record._id}: unknown category '${record.category}'`);
    return toProductRow(record, categoryId, now);
  });
  await inTransaction(db, (t) => insertProducts(t, rows, batch));
  return performance.now() - started;
}

/** The seed's categories and product image URLs, or the standard names and none if it is absent. */
export async function seedMaterial(): Promise<{ categories: CategoryInput[]; images: string[] }> {
  try {
    const seed = (await import('#server/seed/catalogue.ts')) as {
      categories: CategoryInput[];
      products: { images?: string[] }[];
    };
    const images = [...new Set(seed.products.flatMap((p) => p.images ?? []))];
    return { categories: seed.categories, images };
  } catch {
    const categories = FALLBACK_CATEGORY_NAMES.map((name) => ({ _id: slugify(name), name }));
    return { categories, images: [] };
  }
}

/** Replaces every product with `n` generated ones in one transaction; returns insert ms. */
export async function replaceWithGenerated(db: Database, n: number, seed: number): Promise<{ ms: number; categories: number }> {
  const material = await seedMaterial();
  return inTransaction(db, async (t) => {
    let cats = await categoryRecords(t);
    if (cats.length === 0) {
      await insertCategories(t, material.categories);
      cats = await categoryRecords(t);
    }
    await deleteAllProducts(t);
    const list = generateProducts(n, { seed, images: material.images, categories: cats.map((c) => c.name) });
    const ms = await bulkInsertProducts(t, list);
    // The catalogue was replaced whole: search terms no product holds any more go.
    await pruneSearchTerms(t);
    return { ms, categories: cats.length };
  });
}
