/**
 * Order ids and numbers, from the CSPRNG. An id is 144 random bits (base64url, 24 characters): it
 * shows the whole order, so it must not be guessable. A number is `KR-XXXX-XXXX`: 8 symbols of
 * ORDER_NUMBER_ALPHABET (32 symbols, 5 bits each: 40 bits), short enough to read out on the phone,
 * and never sequential. Uniqueness of numbers is the database's (placement retries a collision).
 */
import { randomBytes } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '#lib/schemas/orders.ts';

export const newOrderId = (): string => randomBytes(18).toString('base64url');

export function newOrderNumber(): string {
  // 256 is a multiple of 32, so `byte % 32` picks every symbol with the same chance.
  const symbols = [...randomBytes(8)].map((b) => ORDER_NUMBER_ALPHABET[b % ORDER_NUMBER_ALPHABET.length]).join('');
  return `KR-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
