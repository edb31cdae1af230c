/**
 * Placing an order: POST /api/order/place with its Idempotency-Key (and the Bearer
 * when signed in, through authedRequest: a 401 ends the session). Must not throw. The outcome says
 * what the page does next: go to the order, show the conflicts (409), retry then fall back (a
 * server error), or show the failure ('Failed to place order: … (Status: N)'). The checkout places
 * through here, and so does a temporary order's 'Check Again' (TempOrderInfo.tsx).
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import { authedRequest } from '#features/session/api.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { OrderConflictSchema, type OrderConflict } from '#lib/schemas/order-replies.ts';
import { CHECKOUT_MESSAGES } from '#lib/schemas/orders-rules.ts';
import { orderIdOf, orderNumberOf } from './rules.ts';

export type PlaceOutcome =
  | { ok: true; orderId?: string; orderNumber?: string; message: string }
  | { ok: false; kind: 'conflict'; message: string; conflicts: OrderConflict[] }
  | { ok: false; kind: 'server'; message: string; status?: number }
  | { ok: false; kind: 'rejected'; message: string; status?: number; fields?: Record<string, string> };

/**
 * A server error: a status of 500 or above, a 400 whose message is 'Server Error', or no answer at
 * all (network, timeout). Retried with the same key, then the fallback.
 */
export function isServerFailure(error: { kind: string; status?: number; message: string }): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.status === undefined) return false;
  return error.status >= 500 || (error.status === 400 && error.message === 'Server Error');
}

const ConflictReplySchema = z.object({ conflicts: z.array(OrderConflictSchema) });

export interface PlaceOptions {
  signedIn: boolean;
  client?: ApiClient;
}

export async function placeOrder(body: PlaceOrderBody, idempotencyKey: string, { signedIn, client = new ApiClient() }: PlaceOptions): Promise<PlaceOutcome> {
  const req = { method: 'POST' as const, body, headers: { 'Idempotency-Key': idempotencyKey }, keepReply: true };
  const result: ApiResult<unknown> = signedIn ? await authedRequest('/api/order/place', req, { client }) : await client.request('/api/order/place', req);
  if (result.ok) return { ok: true, orderId: orderIdOf(result.data), orderNumber: orderNumberOf(result.data), message: result.message ?? '' };
  const { error } = result;
  const message = CHECKOUT_MESSAGES.failed(error.message, error.status);
  if (error.status === 409) {
    const parsed = ConflictReplySchema.safeParse(error.reply);
    if (parsed.success && parsed.data.conflicts.length > 0) return { ok: false, kind: 'conflict', message, conflicts: parsed.data.conflicts };
  }
  if (isServerFailure(error)) return { ok: false, kind: 'server', message, status: error.status };
  return { ok: false, kind: 'rejected', message, status: error.status, fields: error.fields };
}

/**
 * A server error is retried twice with the same key, 1 s then 2 s later: the server answers a
 * repeat with the order it already made, never a second one.
 */
export const RETRY_DELAYS_MS = [1000, 2000] as const;

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Sends, and sends again after each delay while the answer is a server error. */
export async function placeWithRetries(send: () => Promise<PlaceOutcome>, delays: readonly number[] = RETRY_DELAYS_MS, sleep = wait): Promise<PlaceOutcome> {
  let outcome = await send();
  for (const ms of delays) {
    if (outcome.ok || outcome.kind !== 'server') return outcome;
    await sleep(ms);
    outcome = await send();
  }
  return outcome;
}
