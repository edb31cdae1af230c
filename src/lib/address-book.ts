/**
 * The address book's limits and words, without zod (the browser's address forms use them; the
 * contract is schemas/addresses.ts).
 */
export const ADDRESS_BOOK_LIMITS = {
  /** Saved addresses an account may keep. */
  addresses: 10,
  label: 40,
  address: 500,
  city: 100,
} as const;

export const ADDRESS_BOOK_MESSAGES = {
  full: `You can keep at most ${ADDRESS_BOOK_LIMITS.addresses} addresses. Remove one you no longer use, then add this one.`,
  notFound: 'That address is not in your address book.',
  isDefault: 'isDefault must be true or false.',
  added: 'Address saved.',
  changed: 'Address updated.',
  removed: 'Address removed.',
  madeDefault: 'Default address changed.',
} as const;

/** The labels offered as the label is typed. */
export const ADDRESS_LABELS = ['Home', 'Office', 'Parents', 'Other'] as const;
