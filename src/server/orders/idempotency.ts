/**
 * Idempotency-Key of a placement. The placement statement (place-statement.ts) claims the key
 * (insert, on conflict do nothing) already bound to its new order, and only once every line fits:
 * - a placement that fails (400, 409, an error) writes nothing: the key stays free;
 * - a concurrent placement with the same key waits on PostgreSQL until the first commits (then
 *   finds the key taken and replays that order) or fails (then claims the key itself); on PGlite
 *   statements run one at a time, so it simply finds the key taken.
 * The request hash covers the canonical parsed body (duplicates merged, fields in a fixed order)
 * and the owner, so the same key with another body or from another owner is refused.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { byProductId } from '#lib/product-id.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema.ts';
import type { WantedLine } from './judge-lines.ts';

/** 'user:{id}' for an account's placement, 'guest' without one. */
export const ownerScope = (userId: string | undefined) => (userId ? `user:${userId}` : 'guest');

export function requestHash(body: PlaceOrderBody, lines: readonly WantedLine[], scope: string): string {
  const a = body.shippingAddress;
  const canonical = {
    scope,
    items: [...lines].sort(byProductId).map((l) => [l.productId, l.quantity, l.price]),
    totalAmount: body.totalAmount,
    paymentMethod: body.paymentMethod,
    shippingAddress: [a.address, a.city, a.province, a.postalCode, a.country],
    contactNumber: body.contactNumber,
    guestInfo: body.guestInfo ? [body.guestInfo.name, body.guestInfo.email] : null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export interface KeyRecord {
  scope: string;
  requestHash: string;
  orderId: string | null;
}

export async function findKey(db: Database, key: string): Promise<KeyRecord | undefined> {
  const [row] = await db
    .select({ scope: idempotencyKeys.scope, requestHash: idempotencyKeys.requestHash, orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row;
}
