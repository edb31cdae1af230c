/** The Idempotency-Key header, which makes a retried write (an order, a list change) happen once. */
import type { Context } from 'hono';
import { HttpError } from './errors.ts';

/**
 * The request's `Idempotency-Key` header, if any, when it matches `pattern` (IDEMPOTENCY_KEY,
 * src/lib/idempotency-key.ts); otherwise a 400 with `message` (each API words it for its own shoppers).
 */
export function idempotencyKeyOf(c: Context, pattern: RegExp, message: string): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !pattern.test(key)) throw new HttpError(400, message, { 'Idempotency-Key': message });
  return key;
}
