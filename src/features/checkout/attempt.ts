/**
 * The placement attempt a tab keeps in sessionStorage (`checkout_attempt`): its Idempotency-Key
 * and the body it was made for. Retries, a second click and a reload mid-flight send the same key,
 * so the server makes one order whatever happens; a new key is made only when the body changed
 * (the cart or the form). Forgotten once the order is placed.
 */
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';

export const ATTEMPT_KEY = 'checkout_attempt';

export interface Attempt {
  key: string;
  /** The body as sent, and whether it was sent signed in (the same body from another account is another order). */
  body: PlaceOrderBody;
  signedIn: boolean;
}

const sameBody = (a: Attempt, body: PlaceOrderBody, signedIn: boolean) => a.signedIn === signedIn && JSON.stringify(a.body) === JSON.stringify(body);

/** The attempt for `body`: the stored one when it was made for the same body, else a new one with a fresh key. */
export function attemptFor(body: PlaceOrderBody, signedIn: boolean, stored: Attempt | undefined, newKey: () => string): Attempt {
  return stored && sameBody(stored, body, signedIn) ? stored : { key: newKey(), body, signedIn };
}

export function readAttempt(): Attempt | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(ATTEMPT_KEY) ?? 'null') as Attempt | null;
    return value && typeof value.key === 'string' && value.body && typeof value.body === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function keepAttempt(attempt: Attempt): void {
  try {
    sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
  } catch {
    // Not kept: a reload would make a new key, the retries in this page still share this one.
  }
}

export function forgetAttempt(): void {
  try {
    sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Nothing kept.
  }
}

export const newIdempotencyKey = () => crypto.randomUUID();
