/** Products for the catalogue's unit tests: `product(i)` makes one; `products` are 120, a third in bakery and the rest frozen, every fourth discounted. */
import type { Product } from '#lib/schemas/catalog.ts';

export function product(i: number, over: Partial<Product> = {}): Product {
  return {
    _id: `p-${String(i).padStart(3, '0')}`, name: `Product ${i}`, description: '', category: 'Bakery', categoryId: 'bakery',
    brand: 'Dawn', price: 100 + i, discount: 0, stock: 10, rating: (i % 50) / 10, numRatings: (i % 7) * 5, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': (i % 7) * 5 }, numWrittenReviews: 0, images: [], image: '',
    specifications: [], createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(), ...over,
  };
}

export const products = Array.from({ length: 120 }, (_, i) => product(i, { categoryId: i % 3 === 0 ? 'bakery' : 'frozen', discount: i % 4 === 0 ? 10 : 0 }));
