/**
 * The one rule for a delivery address in Pakistan, followed by the order API, the address book's
 * API, the checkout form and the account page's address form. No imports of zod, so any browser
 * module may use it for little: the API's schemas (schemas/orders.ts, schemas/addresses.ts) build
 * their checks from these functions and words.
 *
 * - Country: Pakistan only (the store delivers nowhere else).
 * - Province: one of the seven, stored as its stable value (`PB`, `ICT`, ...) and shown by name;
 *   the API takes the value or the name, in any case. An order placed before the rule may hold any
 *   text: `provinceName` shows it as it was stored.
 * - City: required, free text (a small town need not be in the suggestions of pk-cities.ts).
 * - Postal code: optional (most shoppers do not know theirs); when given, exactly 5 digits.
 */

export const ADDRESS_COUNTRY = 'Pakistan';

/** Pakistan's provinces and territories: the stable value stored, and the name shown. */
export const PROVINCES = [
  { value: 'PB', name: 'Punjab' },
  { value: 'SD', name: 'Sindh' },
  { value: 'KP', name: 'Khyber Pakhtunkhwa' },
  { value: 'BA', name: 'Balochistan' },
  { value: 'ICT', name: 'Islamabad Capital Territory' },
  { value: 'GB', name: 'Gilgit-Baltistan' },
  { value: 'AJK', name: 'Azad Jammu and Kashmir' },
] as const;
export type Province = (typeof PROVINCES)[number]['value'];

/** The stable value of a province given by value or by name (any case, spaces trimmed); undefined when it is none of the seven. */
export function provinceOf(input: string): Province | undefined {
  const key = input.trim().toLowerCase();
  return PROVINCES.find((p) => p.value.toLowerCase() === key || p.name.toLowerCase() === key)?.value;
}

/** A stored province's name; any other text (an order from before the rule) as it is. */
export const provinceName = (stored: string) => PROVINCES.find((p) => p.value === stored)?.name ?? stored;

export const POSTAL_CODE = /^[0-9]{5}$/;
/** The country given, or undefined unless it is Pakistan (any case). */
export const countryOf = (input: string) => (input.trim().toLowerCase() === ADDRESS_COUNTRY.toLowerCase() ? ADDRESS_COUNTRY : undefined);

/** What the address's own rules say, in the shopper's words (the required and length messages are the form's own). */
export const ADDRESS_MESSAGES = {
  province: 'Please choose your province from the list.',
  postalCode: 'Postal code must be 5 digits, such as 54000. Leave it empty if you do not know it.',
  country: 'We deliver only within Pakistan.',
} as const;

/** The rule's own message for a trimmed, non-empty value of `field`, or undefined when it is fine. */
export function addressRuleError(field: 'province' | 'postalCode' | 'country', value: string): string | undefined {
  if (field === 'province') return provinceOf(value) ? undefined : ADDRESS_MESSAGES.province;
  if (field === 'postalCode') return POSTAL_CODE.test(value.trim()) ? undefined : ADDRESS_MESSAGES.postalCode;
  return countryOf(value) ? undefined : ADDRESS_MESSAGES.country;
}

/** One line of an address as the order pages, the mail and the address book show it: "Lahore, Punjab 54000". */
export const cityLine = (a: { city: string; province: string; postalCode: string }) =>
  `${a.city}, ${provinceName(a.province)}${a.postalCode ? ` ${a.postalCode}` : ''}`;
