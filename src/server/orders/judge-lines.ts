/**
 * The lines of a placement against the shelf: each line (duplicates already merged, src/lib/lines.ts)
 * judged by its product's row as the placement statement locked it (place-statement.ts): priced with
 * `linePrice` (the sale price, and the struck price when discounted), or refused.
 *
 * A line is refused when its product is unknown or off sale (no longer sold), out of stock, short, or now sells above the price
 * the shopper saw (a lower price is simply charged). Every line is judged, so a refusal names all
 * the lines that cannot be ordered as asked, in the cart's order.
 */
import { linePrice } from '#lib/money.ts';
import type { OrderConflict, OrderLine } from '#lib/schemas/orders.ts';

/** A cart line after merging duplicates (mergeLines): the summed quantity and the lowest price the shopper saw. */
export interface WantedLine {
  productId: string;
  quantity: number;
  price: number;
}

/** A product's row as the placement locked it; undefined when no such product exists or it is off sale. */
export interface ShelfRow {
  name: string;
  price: number;
  discount: number;
  stock: number;
  /** Its first image, or ''. */
  image: string;
}

export type JudgedLines = { ok: true; lines: OrderLine[] } | { ok: false; conflicts: OrderConflict[] };

/** Every wanted line judged against its product's row (`shelf[i]` for `wanted[i]`). */
export function judgeLines(wanted: readonly WantedLine[], shelf: readonly (ShelfRow | undefined)[]): JudgedLines {
  const conflicts: OrderConflict[] = [];
  const lines: OrderLine[] = [];
  wanted.forEach((line, i) => {
    const row = shelf[i];
    const asked = { productId: line.productId, requestedQuantity: line.quantity, requestedPrice: line.price };
    if (!row) {
      conflicts.push({ ...asked, name: line.productId, reason: 'unavailable' });
      return;
    }
    const { price, originalPrice } = linePrice(row);
    const struck = originalPrice ? { originalPrice } : {};
    if (row.stock < line.quantity) {
      conflicts.push({ ...asked, name: row.name, reason: row.stock <= 0 ? 'out_of_stock' : 'short', available: Math.max(0, row.stock), price, ...struck });
    } else if (price > line.price) {
      conflicts.push({ ...asked, name: row.name, reason: 'price_changed', price, ...struck });
    }
    lines.push({ productId: line.productId, name: row.name, image: row.image, price, ...struck, quantity: line.quantity, lineTotal: price * line.quantity });
  });
  return conflicts.length ? { ok: false, conflicts } : { ok: true, lines };
}
