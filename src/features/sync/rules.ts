/**
 * The sync's pure rules: reading a stored outbox, the call each change becomes, the changes a
 * guest's lists become at sign-in, and the rebase that shows the server's lists with the changes
 * not sent yet on top, through the cart's and wishlist's own rules.
 */
import * as z from 'zod/mini';
import { CartLineSchema, WishlistItemSchema, type CartLine, type WishlistItem } from '#lib/schemas/cart.ts';
import type { ServerCartLine } from '#lib/schemas/sync.ts';
import { addLine, removeLine, updateQuantity } from '#features/cart/rules.ts';
import { addItem, removeItem } from '#features/wishlist/rules.ts';
import type { QueuedOp, SyncOp } from '#lib/outbox.ts';
import { OUTBOX_PREFIX } from '#lib/outbox-keys.ts';
import { lineQuantityCap } from '#lib/line-cap.ts';

/**
 * The contract's replies (src/lib/schemas/sync.ts), restated in zod/mini: importing sync.ts would run
 * its request schemas' constructors, and their zod checks would join the chunk every page loads
 * (zod sits there). rules.test.ts holds these equal to the contract's. The limits come from the
 * schema-free sync-rules.ts.
 */
export const CartReply = z.object({ cart: z.array(z.object({ ...CartLineSchema.shape, stock: z.number() })) });
export const WishlistReply = z.object({ wishlist: z.array(WishlistItemSchema) });

const productId = z.string().check(z.minLength(1));
const quantity = z.number().check(z.refine((n) => Number.isInteger(n) && n >= 1));

/** What each kind of change holds besides its id and kind. */
const OP_FIELDS: Record<SyncOp['kind'], z.ZodMiniType<object>> = {
  'cart-add': z.object({ lines: z.array(CartLineSchema).check(z.minLength(1)) }),
  'cart-set': z.object({ productId, quantity }),
  'cart-remove': z.object({ productId }),
  'cart-clear': z.object({}),
  'wishlist-add': z.object({ items: z.array(WishlistItemSchema).check(z.minLength(1)) }),
  'wishlist-remove': z.object({ productId }),
  'wishlist-clear': z.object({}),
};

/** One stored change, or undefined when it is not one (not JSON, another shape, an unknown kind). */
export function decodeOp(raw: string | null): QueuedOp | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { id, kind } = value as { id?: unknown; kind?: unknown };
  if (typeof id !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(id) || typeof kind !== 'string' || !Object.hasOwn(OP_FIELDS, kind)) return undefined;
  const fields = OP_FIELDS[kind as SyncOp['kind']].safeParse(value);
  return fields.success ? ({ ...fields.data, id, kind } as QueuedOp) : undefined;
}

export interface OutboxEntry {
  key: string;
  op: QueuedOp;
}

/**
 * The outbox as stored (key and raw value of each entry), oldest change first. Entries that cannot
 * be read are named in `bad` (for the worker to remove), never a crash.
 */
export function decodeOutbox(stored: Iterable<[key: string, raw: string | null]>): { entries: OutboxEntry[]; bad: string[] } {
  const entries: (OutboxEntry & { seq: number })[] = [];
  const bad: string[] = [];
  for (const [key, raw] of stored) {
    const seq = Number(key.slice(OUTBOX_PREFIX.length).split(':')[0]);
    const op = key.startsWith(OUTBOX_PREFIX) && Number.isSafeInteger(seq) ? decodeOp(raw) : undefined;
    if (op) entries.push({ key, seq, op });
    else bad.push(key);
  }
  entries.sort((a, b) => a.seq - b.seq || (a.key < b.key ? -1 : 1));
  return { entries: entries.map(({ key, op }) => ({ key, op })), bad };
}

export interface SyncRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

const capped = (n: number) => Math.min(n, lineQuantityCap());

/** The contract's call for one change (src/lib/schemas/sync.ts). */
export function requestOf(op: SyncOp): SyncRequest {
  switch (op.kind) {
    case 'cart-add':
      return { method: 'POST', path: '/api/cart', body: { items: op.lines.map((l) => ({ productId: l.productId, quantity: capped(l.quantity) })) } };
    case 'cart-set':
      return { method: 'PUT', path: '/api/cart/update', body: { productId: op.productId, quantity: capped(op.quantity) } };
    case 'cart-remove':
      return { method: 'DELETE', path: '/api/cart/remove', body: { productId: op.productId } };
    case 'cart-clear':
      return { method: 'DELETE', path: '/api/cart/clear' };
    case 'wishlist-add':
      return { method: 'POST', path: '/api/wishlist', body: { productIds: op.items.map((i) => i._id) } };
    case 'wishlist-remove':
      return { method: 'DELETE', path: `/api/wishlist/remove/${encodeURIComponent(op.productId)}` };
    case 'wishlist-clear':
      return { method: 'DELETE', path: '/api/wishlist/clear' };
  }
}

/** A server cart line as the browser keeps it (stock is the server's to check). */
export function cartLineOf({ stock: _stock, ...line }: ServerCartLine): CartLine {
  return line;
}

/** The server's cart with the changes not sent yet applied in order. */
export function rebaseCart(server: readonly CartLine[], pending: readonly SyncOp[]): CartLine[] {
  let lines = [...server];
  for (const op of pending) {
    if (op.kind === 'cart-add') for (const { quantity: q, ...item } of op.lines) lines = addLine(lines, item, q);
    else if (op.kind === 'cart-set') lines = updateQuantity(lines, op.productId, op.quantity);
    else if (op.kind === 'cart-remove') lines = removeLine(lines, op.productId);
    else if (op.kind === 'cart-clear') lines = [];
  }
  return lines;
}

/** The server's wishlist with the changes not sent yet applied in order. */
export function rebaseWishlist(server: readonly WishlistItem[], pending: readonly SyncOp[]): WishlistItem[] {
  let items = [...server];
  for (const op of pending) {
    if (op.kind === 'wishlist-add') for (const item of op.items) items = addItem(items, item);
    else if (op.kind === 'wishlist-remove') items = removeItem(items, op.productId);
    else if (op.kind === 'wishlist-clear') items = [];
  }
  return items;
}
