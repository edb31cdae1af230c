/** The Idempotency-Key header, which makes a retried write (an order, a list change) happen once. */
import type { Context } from 'hono';
import { IDEMPOTENCY_KEY } from '#lib/idempotency-key.ts';
import { HttpError } from './errors.ts';

/**
 * The request's `Idempotency-Key` header, if any, when it has IDEMPOTENCY_KEY's shape
 * (src/lib/idempotency-key.ts); otherwise a 400 with `message` (each API words it for its own shoppers).
 */
export function idempotencyKeyOf(c: Context, message: string): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, message, { 'Idempotency-Key': message });
  return key;
}
