/**
 * The address book's contract: a signed-in shopper's saved delivery addresses, each with a label,
 * one of them the default. The address follows the one rule of src/lib/address.ts (the checkout's
 * too); the words are the shopper's, keyed by the body's field names.
 *
 *   GET    /api/users/addresses                      {success, addresses: SavedAddress[]} default first, then oldest first
 *   POST   /api/users/addresses            AddressBody   201 the list; 409 past ADDRESS_BOOK_LIMIT
 *   PUT    /api/users/addresses/{addressId} AddressBody  the list; 404 unknown or another account's
 *   DELETE /api/users/addresses/{addressId}              the list (the oldest left becomes the default)
 *   PUT    /api/users/addresses/{addressId}/default      the list
 *   400 {success:false, message, errors} names each bad field.
 */
import * as z from 'zod/mini';
import { NO_CONTROLS, NO_CONTROLS_BUT_LINES } from '../control-characters.ts';
import { ADDRESS_MESSAGES, POSTAL_CODE, provinceOf } from '../address.ts';
import { ADDRESS_BOOK_FIELDS as F, ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES as M } from '../address-book.ts';

const text = (label: string, max: number, lines = false) =>
  z.string(`${label} is required.`).check(
    z.trim(),
    z.minLength(1, `${label} is required.`),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
    z.regex(lines ? NO_CONTROLS_BUT_LINES : NO_CONTROLS, `${label} must not contain control characters.`),
  );

/** A new or changed address; `isDefault: true` makes it the default (the first one is the default anyway). */
export const AddressBodySchema = z.strictObject({
  label: text(F.label, ADDRESS_BOOK_LIMITS.label),
  address: text(F.address, ADDRESS_BOOK_LIMITS.address, true),
  city: text(F.city, ADDRESS_BOOK_LIMITS.city),
  province: z.string(ADDRESS_MESSAGES.province).check(
    z.trim(),
    z.refine((v) => provinceOf(v) !== undefined, ADDRESS_MESSAGES.province),
    z.overwrite((v) => provinceOf(v) ?? v),
  ),
  postalCode: z._default(
    z.string(ADDRESS_MESSAGES.postalCode).check(z.trim(), z.refine((v) => v === '' || POSTAL_CODE.test(v), ADDRESS_MESSAGES.postalCode)),
    '',
  ),
  isDefault: z.optional(z.boolean(M.isDefault)),
});
export type AddressBody = z.infer<typeof AddressBodySchema>;

export const SavedAddressSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const AddressBookReplySchema = z.strictObject({
  success: z.literal(true),
  addresses: z.array(SavedAddressSchema),
  message: z.optional(z.string()),
});

/** An address's id in a path: a uuid. */
export const AddressIdParam = z.string().check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, M.notFound));
