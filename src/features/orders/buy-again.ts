/**
 * Buy again: an order's lines back into the cart at today's prices (the live figures, never the
 * order's), each capped by what is left beyond what the cart already holds and by the line cap,
 * with every line that could not be added in full said in words. The plan is a pure rule; the
 * action reads the live figures, applies the plan through the cart's own actions and must not throw.
 */
import { capMessage, lineQuantityCap } from '#lib/line-cap.ts';
import { linePrice } from '#lib/money.ts';
import { liveProducts, type LiveResult } from '#lib/live-products.ts';
import type { CartLine } from '#lib/schemas/cart.ts';
import type { OrderLine } from '#lib/schemas/order-replies.ts';
import { addToCart } from '#features/cart/actions.ts';
import { heldOf } from '#features/cart/rules.ts';
import { $cart } from '#features/cart/store.ts';

export interface BuyAgainPlan {
  add: { item: Omit<CartLine, 'quantity'>; quantity: number }[];
  /** One sentence a line not added in full. */
  notes: string[];
}

/** What buying `lines` again puts in a cart holding `cart`, given each product's figures now. */
export function buyAgainPlan(lines: readonly OrderLine[], live: ReadonlyMap<string, LiveResult>, cart: readonly CartLine[]): BuyAgainPlan {
  const plan: BuyAgainPlan = { add: [], notes: [] };
  for (const line of lines) {
    const now = live.get(line.productId);
    if (!now || now.kind === 'failed') {
      plan.notes.push(`${line.name}: we could not check it just now, so it was not added.`);
      continue;
    }
    if (now.kind === 'missing') {
      plan.notes.push(`${line.name} is no longer sold.`);
      continue;
    }
    const held = heldOf(cart, line.productId);
    const stock = Math.max(0, now.product.stock);
    const room = Math.max(0, Math.min(stock, lineQuantityCap()) - held);
    const quantity = Math.min(line.quantity, room);
    if (stock === 0) plan.notes.push(`${line.name} is out of stock.`);
    else if (quantity < line.quantity) {
      const capped = lineQuantityCap() < stock;
      const why = capped ? capMessage() : `Only ${stock} left${held ? `, and ${held} ${held === 1 ? 'is' : 'are'} already in your cart` : ''}.`;
      plan.notes.push(quantity ? `${line.name}: ${quantity} of ${line.quantity} added. ${why}` : `${line.name}: none added. ${why}`);
    }
    if (quantity > 0) {
      plan.add.push({ item: { productId: line.productId, productTitle: line.name, ...linePrice(now.product), images: line.image ? [line.image] : [] }, quantity });
    }
  }
  return plan;
}

export type BuyAgainOutcome = { added: number; notes: string[] };

/** Puts `lines` back in the cart (the plan above, from the live figures). Must not throw. */
export async function buyAgain(lines: readonly OrderLine[]): Promise<BuyAgainOutcome> {
  const live = await liveProducts(lines.map((l) => l.productId)).catch(() => new Map<string, LiveResult>());
  const plan = buyAgainPlan(lines, live, $cart.get());
  for (const { item, quantity } of plan.add) addToCart(item, quantity, { notify: false });
  return { added: plan.add.length, notes: plan.notes };
}

/** What the page says after buying again. */
export function buyAgainSummary({ added, notes }: BuyAgainOutcome): string {
  if (!added) return 'Nothing could be added to your cart.';
  return notes.length ? `Added ${added === 1 ? '1 item' : `${added} items`} to your cart at today's prices; not everything could be added.` : `Added ${added === 1 ? '1 item' : `${added} items`} to your cart at today's prices.`;
}
