/**
 * The product figures the lists show: today's name, prices, images and stock. A product taken
 * off sale reads as unknown here, as everywhere in the shop: its lines are left out of the lists
 * (kept in the table, so they come back if it returns to sale) and adding it is refused.
 */
import { and, inArray } from 'drizzle-orm';
import { onSale } from '#server/catalog/product-rows.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';

export const listedProductColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  discount: products.discount,
  stock: products.stock,
  images: products.images,
};

export interface ListedProduct {
  id: string;
  name: string;
  price: number;
  discount: number;
  stock: number;
  images: string[];
}

/** The product's images, or the placeholder (the same first image the product's own reply shows). */
export function imagesOf(p: Pick<ListedProduct, 'images'>): string[] {
  return Array.isArray(p.images) && p.images.length ? p.images : [PLACEHOLDER_IMAGE];
}

/** The known products on sale among `ids`, by id. */
export async function listedProducts(db: Database, ids: readonly string[]): Promise<Map<string, ListedProduct>> {
  if (!ids.length) return new Map();
  const rows = await db.select(listedProductColumns).from(products).where(and(inArray(products.id, [...ids]), onSale));
  return new Map(rows.map((r) => [r.id, r]));
}
