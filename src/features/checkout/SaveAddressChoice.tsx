/**
 * "Save this address": shown to a signed-in shopper only (`data-signed-in-only`, set before the
 * first paint), so the island draws it the same for everyone. When ticked, the address the order
 * goes to is added to the shopper's address book once the order is placed (saveChosenAddress).
 * A full book shows a note instead (`data-address-book-full`, set by address-choices.ts).
 */
import { Field } from '#components/forms/Field.tsx';
import { ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES } from '#lib/address-book.ts';

export const SAVE_FIELDS = { save: 'saveAddress', label: 'saveAddressLabel' } as const;

export function SaveAddressChoice() {
  return (
    <div data-signed-in-only className="space-y-3 rounded-lg bg-stone-50 p-3">
      <div data-unless-book-full className="space-y-3">
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input type="checkbox" name={SAVE_FIELDS.save} className="size-4 accent-green-700" />
          Save this address in my address book
        </label>
        <Field id={SAVE_FIELDS.label} label="Name it" list="address-labels" maxLength={ADDRESS_BOOK_LIMITS.label} defaultValue="Home" hint="Home, Office, Parents..." />
      </div>
      <p data-if-book-full className="text-sm text-stone-700">{ADDRESS_BOOK_MESSAGES.fullAtCheckout}</p>
    </div>
  );
}
