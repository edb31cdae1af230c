/**
 * The address book's limits and words, without zod (the browser's address forms use them; the
 * contract is schemas/addresses.ts).
 */
import { addressRuleError } from './address.ts';

export const ADDRESS_BOOK_LIMITS = {
  /** Saved addresses an account may keep. */
  addresses: 10,
  label: 40,
  address: 500,
  city: 100,
} as const;

export const ADDRESS_BOOK_MESSAGES = {
  full: `You can keep at most ${ADDRESS_BOOK_LIMITS.addresses} addresses. Remove one you no longer use, then add this one.`,
  /** At checkout, in place of "Save this address". */
  fullAtCheckout: `Your address book is full (${ADDRESS_BOOK_LIMITS.addresses} addresses). To save this one, remove another on your account page.`,
  notFound: 'That address is not in your address book.',
  isDefault: 'isDefault must be true or false.',
  added: 'Address saved.',
  changed: 'Address updated.',
  removed: 'Address removed.',
  madeDefault: 'Default address changed.',
} as const;

/** The labels offered as the label is typed. */
export const ADDRESS_LABELS = ['Home', 'Office', 'Parents', 'Other'] as const;

/** The address book form's fields (named as the body names them) with the labels their messages use. */
export const ADDRESS_BOOK_FIELDS = { label: 'Label', address: 'Address', city: 'City', province: 'Province', postalCode: 'Postal Code' } as const;
export type AddressBookField = keyof typeof ADDRESS_BOOK_FIELDS;

/** One field's message as the API words it (schemas/addresses.ts), or undefined when it is fine. */
export function addressBookFieldError(field: AddressBookField, value: string): string | undefined {
  const v = value.trim();
  if (field === 'province' || field === 'postalCode') return field === 'postalCode' && !v ? undefined : addressRuleError(field, v);
  const name = ADDRESS_BOOK_FIELDS[field];
  if (!v) return `${name} is required.`;
  const max = ADDRESS_BOOK_LIMITS[field];
  return v.length > max ? `${name} must be at most ${max} characters.` : undefined;
}
