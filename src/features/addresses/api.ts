/**
 * The address book's calls (contract in src/lib/schemas/addresses.ts), over the signed-in HTTP
 * layer. Every call never throws; a success keeps the book the server replied with in $addressBook.
 */
import type { ApiRequest } from '#lib/api.ts';
import { authedRequest, type AuthedOptions } from '#features/session/api.ts';
import { failureMessage, FALLBACK } from '#features/account/api.ts';
import { $addressBook, readBook, type BookAddress, type DeliveryAddress } from '#lib/stored-addresses.ts';

export type BookOutcome = { ok: true; addresses: BookAddress[]; message: string } | { ok: false; message: string; fields?: Record<string, string> };

export interface AddressInput extends DeliveryAddress {
  label: string;
  isDefault?: boolean;
}

const BOOK = '/api/users/addresses';

async function call(path: string, init: ApiRequest, options?: AuthedOptions): Promise<BookOutcome> {
  const result = await authedRequest(path, init, options);
  if (!result.ok) return { ok: false, message: failureMessage(result.error, FALLBACK.generic), fields: result.error.fields };
  const reply = result.data as { addresses?: unknown } | undefined;
  if (!Array.isArray(reply?.addresses)) return { ok: false, message: FALLBACK.generic };
  const addresses = readBook(reply.addresses);
  $addressBook.set(addresses);
  return { ok: true, addresses, message: result.message ?? '' };
}

export const loadAddresses = (options?: AuthedOptions) => call(BOOK, {}, options);
export const addAddress = (address: AddressInput, options?: AuthedOptions) => call(BOOK, { method: 'POST', body: address }, options);
export const changeAddress = (id: string, address: AddressInput) => call(`${BOOK}/${encodeURIComponent(id)}`, { method: 'PUT', body: address });
export const removeAddress = (id: string) => call(`${BOOK}/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const makeDefaultAddress = (id: string) => call(`${BOOK}/${encodeURIComponent(id)}/default`, { method: 'PUT' });
