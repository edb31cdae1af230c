/**
 * A small catalogue for API tests, independent of the seed. Built to exercise every rule:
 * rating and date ties (the id tie-breaker), out-of-stock items, discounts that change the
 * price order, a category with fewer than 4 products (related fill-in), and one with none.
 * Ratings are per-star counts, written reviews' stars included; the ratings they give:
 * milk 4.5 (2), yoghurt 4.8 (5), butter 4.5 (2), cheese 4.5 (6), eggs 3.9 (10), basmati 4.7 (10),
 * atta 4.2 (5), shan 4.9 (10), dal-mash 4.9 (20), tapal 4.6 (5), pepsi none, zzz-last 4.2 (5).
 */
import { starsOf, summarizeRatings, type StarFields } from '#lib/ratings.ts';
import type { CategoryInput, ProductInput, ReviewInput } from '#lib/schemas/catalog.ts';
import type { SeedData } from '#server/seed/index.ts';

export const fixtureCategories: CategoryInput[] = [
  { _id: 'fresh', name: 'Fresh & Chilled Food', description: 'Milk, yoghurt, meat', images: ['/images/categories/fresh.webp'] },
  { _id: 'cupboard', name: 'Food Cupboard', description: 'Rice, flour, spices', images: ['/images/categories/cupboard.webp'] },
  { _id: 'drinks', name: 'Soft Drinks, Tea & Coffee', images: [] },
  { _id: 'pets', name: 'Pets, Home & Garden' },
];

const day = (d: number) => new Date(Date.UTC(2024, 0, 1 + d, 9, 30)).toISOString();

export const fixtureProducts: ProductInput[] = [
  { _id: 'milk-1l', name: 'Olpers Milk 1L', category: 'Fresh & Chilled Food', brand: 'Olpers', price: 290, discount: 10, stock: 40, ratings4: 1, ratings5: 1, images: ['/images/products/milk-1l.webp', '/images/products/milk-1l-b.webp'], specifications: [{ name: 'Volume', value: '1 L' }], createdAt: day(10) },
  { _id: 'yoghurt-500g', name: 'Nestle Yoghurt 500g', category: 'Fresh & Chilled Food', brand: 'Nestle', price: 220, discount: 0, stock: 0, ratings4: 1, ratings5: 4, images: ['/images/products/yoghurt.webp'], createdAt: day(20) },
  { _id: 'butter-200g', name: 'Adams Butter 200g', category: 'Fresh & Chilled Food', brand: 'Adams', price: 650, discount: 100, stock: 3, ratings4: 1, ratings5: 1, createdAt: day(10) },
  { _id: 'cheese-slices', name: 'adams cheese slices', category: 'Fresh & Chilled Food', brand: 'Adams', price: 480, discount: 0, stock: 12, ratings4: 3, ratings5: 3, createdAt: day(30) },
  { _id: 'eggs-12', name: 'Farm Eggs 12', category: 'Fresh & Chilled Food', brand: 'Farm', price: 420, discount: 20, stock: 100, ratings2: 1, ratings3: 2, ratings4: 4, ratings5: 3, createdAt: day(5) },
  { _id: 'basmati-5kg', name: 'Guard Basmati Rice 5kg', category: 'Food Cupboard', brand: 'Guard', price: 2400, discount: 300, stock: 25, ratings4: 3, ratings5: 7, images: ['/images/products/basmati.webp'], createdAt: day(1) },
  { _id: 'atta-10kg', name: 'Sunridge Chakki Atta 10kg', category: 'Food Cupboard', brand: 'Sunridge', price: 1800, discount: 0, stock: 1, ratings3: 1, ratings4: 2, ratings5: 2, createdAt: day(2) },
  { _id: 'shan-biryani-50g', name: 'Shan Biryani Masala 50g', category: 'Food Cupboard', brand: 'Shan', price: 120, discount: 0, stock: 500, ratings4: 1, ratings5: 9, createdAt: day(40) },
  { _id: 'dal-mash-1kg', name: 'Dal Mash 1kg', category: 'Food Cupboard', brand: 'Mitchells', price: 700, discount: 250, stock: 0, ratings4: 2, ratings5: 18, createdAt: day(40) },
  { _id: 'tapal-danedar-950g', name: 'Tapal Danedar 950g', category: 'Soft Drinks, Tea & Coffee', brand: 'Tapal', price: 1650, discount: 150, stock: 60, ratings4: 2, ratings5: 3, createdAt: day(15) },
  { _id: 'pepsi-1-5l', name: 'Pepsi 1.5L', category: 'Soft Drinks, Tea & Coffee', brand: 'Pepsi', price: 180, discount: 0, stock: 0, createdAt: day(50) },
  { _id: 'zzz-last', name: 'Zinger Sauce', category: 'Food Cupboard', brand: 'Youngs', price: 300, discount: 0, stock: 9, ratings3: 1, ratings4: 2, ratings5: 2, createdAt: day(2) },
];

export const fixtureReviews: ReviewInput[] = [
  { productId: 'milk-1l', userName: 'Ayesha', rating: 5, comment: 'Fresh every time', date: day(12) },
  { productId: 'milk-1l', userName: 'Bilal', rating: 4, comment: 'Good', date: day(14) },
  { productId: 'yoghurt-500g', userName: 'Sana', rating: 5, comment: 'Creamy', date: day(21) },
  { productId: 'basmati-5kg', userName: 'Usman', rating: 5, comment: 'Long grains', date: day(3) },
  { productId: 'basmati-5kg', userName: 'Hina', rating: 4, comment: 'Nice aroma', date: day(9) },
  { productId: 'basmati-5kg', userName: 'Omar', rating: 5, comment: 'Best rice', date: day(6) },
];

export const fixtureCatalogue: SeedData = {
  categories: fixtureCategories,
  products: fixtureProducts,
  reviews: fixtureReviews,
};

/** The per-star counts a catalogue row gives (a star left out counts 0); rows here hold numbers. */
export const inputStars = (p: ProductInput) => starsOf(p as Partial<StarFields>);
/** The rating and ratings count a catalogue row's stars give. */
export const inputRating = (p: ProductInput) => summarizeRatings(inputStars(p));

/** The header row of a catalogue CSV file, as editors write it (without the optional onSale). */
export const CSV_HEADER = '_id,name,description,category,brand,price,discount,stock,ratings1,ratings2,ratings3,ratings4,ratings5,images,specifications,createdAt';
/** The header export writes: CSV_HEADER's columns and `onSale` (true or false; rows may leave it out). */
export const EXPORT_CSV_HEADER = CSV_HEADER.replace(',createdAt', ',onSale,createdAt');
