/**
 * A signed-in shopper's wishlist (the contract is src/lib/schemas/sync.ts): product ids
 * kept per account, read back oldest first with today's price and stock. Every change runs through
 * listChange (one transaction, the shopper's changes one at a time, the Idempotency-Key claimed
 * with it) and replies with the list as that transaction left it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { onSale } from '#server/catalog/product-rows.ts';
import type { Database } from '#server/db/client.ts';
import { products, wishlistItems } from '#server/db/schema.ts';
import { listChange, type ListChange } from './change.ts';
import { imagesOf, listedProductColumns, listedProducts } from './products.ts';

export interface WishlistReply {
  wishlist: WishlistItem[];
  /** True when the Idempotency-Key had been applied before: nothing changed this time. */
  replayed: boolean;
}

export async function readWishlist(db: Database, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select(listedProductColumns)
    .from(wishlistItems)
    .innerJoin(products, and(eq(products.id, wishlistItems.productId), onSale))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.position));
  return rows.map((p) => ({ _id: p.id, name: p.name, price: p.price, discount: p.discount, image: imagesOf(p)[0], stock: p.stock }));
}

/** Adds the known products not already there (in the order given); unknown ids come back in `skipped`. */
export async function addToWishlist(db: Database, change: ListChange, productIds: readonly string[]): Promise<WishlistReply & { skipped: string[] }> {
  return listChange(db, change, async (tx, apply) => {
    let skipped: string[] = [];
    if (apply) {
      const ids = [...new Set(productIds)];
      const known = await listedProducts(tx, ids);
      skipped = ids.filter((id) => !known.has(id));
      const added = ids.filter((id) => known.has(id)).map((productId) => ({ userId: change.userId, productId, createdAt: change.now }));
      if (added.length) await tx.insert(wishlistItems).values(added).onConflictDoNothing();
    }
    return { wishlist: await readWishlist(tx, change.userId), skipped, replayed: !apply };
  });
}

/** Removes the product; one that was not there changes nothing. */
export async function removeFromWishlist(db: Database, change: ListChange, productId: string): Promise<WishlistReply> {
  return listChange(db, change, async (tx, apply) => {
    if (apply) await tx.delete(wishlistItems).where(and(eq(wishlistItems.userId, change.userId), eq(wishlistItems.productId, productId)));
    return { wishlist: await readWishlist(tx, change.userId), replayed: !apply };
  });
}

export async function clearWishlist(db: Database, change: ListChange): Promise<WishlistReply> {
  return listChange(db, change, async (tx, apply) => {
    if (apply) await tx.delete(wishlistItems).where(eq(wishlistItems.userId, change.userId));
    return { wishlist: await readWishlist(tx, change.userId), replayed: !apply };
  });
}
