/**
 * Taking stock and pricing the lines of a placement, inside the placement's transaction.
 *
 * Each line takes its units with one conditional update (`stock = stock - q where stock >= q`),
 * which locks the product row: stock never goes below zero, and on PostgreSQL a concurrent
 * placement waits for this one to commit or roll back and then re-checks the condition. Products
 * are taken in id order, so two placements never wait on each other in a cycle. The price is read
 * from the same locked row, so the price charged is the one in force when the stock was taken.
 *
 * Every line is tried, so a refusal names all the lines that cannot be ordered as asked; the caller
 * then throws, and the rollback gives back whatever was taken.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { linePrice } from '#lib/money.ts';
import type { OrderConflict, OrderItemInput, OrderLine } from '#lib/schemas/orders.ts';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';

/** A cart line after merging duplicates: the summed quantity and the lowest price the shopper saw. */
export interface WantedLine {
  productId: string;
  quantity: number;
  price: number;
}

/** Duplicate lines (same productId) become one, quantities summed (SPEC.md 5), in first-seen order. */
export function mergeLines(items: readonly OrderItemInput[]): WantedLine[] {
  const merged = new Map<string, WantedLine>();
  for (const item of items) {
    const line = merged.get(item.productId);
    if (line) {
      line.quantity += item.quantity;
      line.price = Math.min(line.price, item.price);
    } else merged.set(item.productId, { productId: item.productId, quantity: item.quantity, price: item.price });
  }
  return [...merged.values()];
}

export type TakeResult = { ok: true; lines: OrderLine[] } | { ok: false; conflicts: OrderConflict[] };

const imageOf = (images: string[]) => images[0] ?? '';

/**
 * Takes every line's units and prices them with `linePrice` (the sale price, and the struck price when discounted). A line is refused when its product is
 * unknown, out of stock, short, or now sells above the price the shopper saw (a lower price is
 * simply charged). Refusals leave the taken units to the caller's rollback.
 */
export async function takeStock(tx: Database, wanted: readonly WantedLine[]): Promise<TakeResult> {
  const conflicts: OrderConflict[] = [];
  const priced = new Map<string, OrderLine>();
  for (const line of [...wanted].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
    const asked = { productId: line.productId, requestedQuantity: line.quantity, requestedPrice: line.price };
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ name: products.name, price: products.price, discount: products.discount, images: products.images });
    if (taken) {
      const { price, originalPrice } = linePrice(taken);
      if (price > line.price) {
        conflicts.push({ ...asked, name: taken.name, reason: 'price_changed', price, ...(originalPrice ? { originalPrice } : {}) });
      }
      priced.set(line.productId, {
        productId: line.productId,
        name: taken.name,
        image: imageOf(taken.images),
        price,
        ...(originalPrice ? { originalPrice } : {}),
        quantity: line.quantity,
        lineTotal: price * line.quantity,
      });
      continue;
    }
    const [now] = await tx
      .select({ name: products.name, price: products.price, discount: products.discount, stock: products.stock })
      .from(products)
      .where(eq(products.id, line.productId));
    if (!now) {
      conflicts.push({ ...asked, name: line.productId, reason: 'unavailable' });
      continue;
    }
    const { price, originalPrice } = linePrice(now);
    conflicts.push({
      ...asked,
      name: now.name,
      reason: now.stock <= 0 ? 'out_of_stock' : 'short',
      available: Math.max(0, now.stock),
      price,
      ...(originalPrice ? { originalPrice } : {}),
    });
  }
  if (conflicts.length) {
    // Reported in the cart's order, like the lines.
    const order = new Map(wanted.map((w, i) => [w.productId, i]));
    return { ok: false, conflicts: conflicts.sort((a, b) => order.get(a.productId)! - order.get(b.productId)!) };
  }
  return { ok: true, lines: wanted.map((w) => priced.get(w.productId)!) };
}
