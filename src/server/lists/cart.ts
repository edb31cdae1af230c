/**
 * A signed-in shopper's cart (the contract is src/lib/schemas/sync.ts): product ids and
 * quantities kept per account, read back oldest first with today's title, sale price and stock.
 * Quantities follow capLine (rules.ts): added to the line, capped by stock. Every change runs
 * through listChange (one transaction, the shopper's changes one at a time, the Idempotency-Key
 * claimed with it) and replies with the cart as that transaction left it.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { mergeLines } from '#lib/lines.ts';
import { linePrice } from '#lib/money.ts';
import type { ServerCartLine } from '#lib/schemas/sync.ts';
import { onSale } from '#server/catalog/product-rows.ts';
import type { Database } from '#server/db/client.ts';
import { cartItems, products } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { listChange, type ListChange } from './change.ts';
import { imagesOf, listedProductColumns, listedProducts } from './products.ts';
import { capLine } from './rules.ts';

export interface CartReply {
  cart: ServerCartLine[];
  /** Ids of the lines held down by stock (capLine). */
  capped: string[];
  /** True when the Idempotency-Key had been applied before: nothing changed this time. */
  replayed: boolean;
}

export async function readCart(db: Database, userId: string): Promise<ServerCartLine[]> {
  const rows = await db
    .select({ ...listedProductColumns, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), onSale))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.position));
  return rows.map((p) => ({
    productId: p.id,
    productTitle: p.name,
    ...linePrice(p),
    quantity: p.quantity,
    images: imagesOf(p),
    stock: p.stock,
  }));
}

/** The quantities the lines of these products hold now. */
async function lineQuantities(tx: Database, userId: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...ids])));
  return new Map(rows.map((r) => [r.productId, r.quantity]));
}

/** Writes the lines' new quantities: new lines go to the end in the order given, others keep their place. */
async function writeLines(tx: Database, change: ListChange, lines: { productId: string; quantity: number }[]) {
  if (!lines.length) return;
  await tx
    .insert(cartItems)
    .values(lines.map((l) => ({ ...l, userId: change.userId, createdAt: change.now, updatedAt: change.now })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { quantity: sql`excluded.quantity`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Adds each quantity to its line (a new line when absent; duplicates in `items` are merged first,
 * mergeLines), capped by stock. Unknown ids are skipped and named in `skipped`. The sign-in merge
 * is this call.
 */
export async function addToCart(
  db: Database,
  change: ListChange,
  items: readonly { productId: string; quantity: number }[],
): Promise<CartReply & { skipped: string[] }> {
  return listChange(db, change, async (tx, apply) => {
    const skipped: string[] = [];
    const capped: string[] = [];
    if (apply) {
      const wanted = mergeLines(items);
      const ids = wanted.map((w) => w.productId);
      const known = await listedProducts(tx, ids);
      const existing = await lineQuantities(tx, change.userId, ids);
      const lines: { productId: string; quantity: number }[] = [];
      for (const { productId, quantity: added } of wanted) {
        const product = known.get(productId);
        if (!product) {
          skipped.push(productId);
          continue;
        }
        const had = existing.get(productId);
        const line = capLine((had ?? 0) + added, had, product.stock);
        if (line.capped) capped.push(productId);
        lines.push({ productId, quantity: line.quantity });
      }
      await writeLines(tx, change, lines);
    }
    return { cart: await readCart(tx, change.userId), skipped, capped, replayed: !apply };
  });
}

/** Sets one line's quantity (adding the line when absent), capped by stock; a 404 for an unknown product. */
export async function setCartLine(db: Database, change: ListChange, productId: string, quantity: number): Promise<CartReply> {
  return listChange(db, change, async (tx, apply) => {
    const capped: string[] = [];
    if (apply) {
      const product = (await listedProducts(tx, [productId])).get(productId);
      // Thrown inside the transaction: the Idempotency-Key's claim is rolled back with it.
      if (!product) throw new HttpError(404, 'Product not found');
      const had = (await lineQuantities(tx, change.userId, [productId])).get(productId);
      const line = capLine(quantity, had, product.stock);
      if (line.capped) capped.push(productId);
      await writeLines(tx, change, [{ productId, quantity: line.quantity }]);
    }
    return { cart: await readCart(tx, change.userId), capped, replayed: !apply };
  });
}

/** Removes the line; one that was not there changes nothing. */
export async function removeCartLine(db: Database, change: ListChange, productId: string): Promise<Omit<CartReply, 'capped'>> {
  return listChange(db, change, async (tx, apply) => {
    if (apply) await tx.delete(cartItems).where(and(eq(cartItems.userId, change.userId), eq(cartItems.productId, productId)));
    return { cart: await readCart(tx, change.userId), replayed: !apply };
  });
}

export async function clearCart(db: Database, change: ListChange): Promise<Omit<CartReply, 'capped'>> {
  return listChange(db, change, async (tx, apply) => {
    if (apply) await tx.delete(cartItems).where(eq(cartItems.userId, change.userId));
    return { cart: await readCart(tx, change.userId), replayed: !apply };
  });
}
