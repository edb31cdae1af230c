/**
 * Order traffic for the robustness tests and the orders benchmark: a catalogue with plenty of stock,
 * guest order bodies of a few lines each (priced as the shopper sees them, so the server accepts
 * them), and one placement over HTTP with its own Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import type { ProductInput } from '#lib/schemas/catalog.ts';
import type { Order, PlaceOrderBody } from '#lib/schemas/orders.ts';
import { basketTotals, salePrice } from '#lib/money.ts';
import type { SeedData } from '#server/seed/index.ts';
import { fixtureCategories } from '#server/test/fixtures.ts';

/** `products` products with `stock` units each (some discounted, so sale prices are exercised). */
export function stockedCatalogue(products = 24, stock = 1_000_000): SeedData {
  const list: ProductInput[] = Array.from({ length: products }, (_, i) => ({
    _id: `load-${String(i).padStart(3, '0')}`,
    name: `Load Test Product ${i}`,
    category: fixtureCategories[i % fixtureCategories.length].name,
    brand: 'Kiryana',
    price: 100 + 37 * i,
    discount: i % 3 === 0 ? 20 : 0,
    stock,
  }));
  return { categories: fixtureCategories, products: list, reviews: [] };
}

/** A small deterministic generator, so a failing run can be replayed from its seed. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export interface PlannedOrder {
  key: string;
  body: PlaceOrderBody;
  /** The shopper's address (sent as X-Forwarded-For): every guest order comes from a shopper of its own. */
  client: string;
}

/** A guest order of 1 to `maxLines` distinct products, 1 to 3 units each, with its own key. */
export function plannedOrder(catalogue: SeedData, random: () => number, maxLines = 3): PlannedOrder {
  const lineCount = 1 + Math.floor(random() * maxLines);
  const chosen = new Set<number>();
  while (chosen.size < lineCount) chosen.add(Math.floor(random() * catalogue.products.length));
  const items = [...chosen].map((i) => {
    const p = catalogue.products[i];
    return { productId: p._id, quantity: 1 + Math.floor(random() * 3), price: salePrice({ price: Number(p.price), discount: Number(p.discount ?? 0) }) };
  });
  const n = Math.floor(random() * 1e9);
  return {
    key: randomUUID(),
    client: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: {
      items,
      totalAmount: basketTotals(items).total,
      paymentMethod: 'COD',
      shippingAddress: { address: `House ${n % 500}, Street 4, Gulberg`, city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
      contactNumber: '0300-1234567',
      guestInfo: { name: `Guest ${n}`, email: `guest${n}@example.pk` },
    },
  };
}

export interface PlacementReply {
  status: number;
  body: { success: boolean; message?: string; order?: Order; replayed?: boolean; [k: string]: unknown };
}

/** POST /api/order/place with the planned key. Rejects only when no reply arrived (connection lost). */
export async function placeOrder(origin: string, planned: PlannedOrder): Promise<PlacementReply> {
  const res = await fetch(`${origin}/api/order/place`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': planned.key, 'X-Forwarded-For': planned.client },
    body: JSON.stringify(planned.body),
  });
  return { status: res.status, body: (await res.json()) as PlacementReply['body'] };
}

/** Units of each product the planned orders take. */
export function unitsByProduct(orders: Iterable<PlannedOrder>): Map<string, number> {
  const units = new Map<string, number>();
  for (const { body } of orders) for (const item of body.items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  return units;
}
