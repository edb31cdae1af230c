/**
 * The account page's address form (add or edit), drawn as static HTML by the page (no island):
 * address-book.ts shows it, fills it and sends it. Fields are named as the API's body names them,
 * with ids of their own (`book-city`) beside the page's other forms.
 */
import { Field, SelectField } from '#components/forms/Field.tsx';
import { ui } from '#components/forms/ui.ts';
import { PROVINCES } from '#lib/address.ts';
import { ADDRESS_BOOK_FIELDS as F, ADDRESS_BOOK_LIMITS } from '#lib/address-book.ts';

export const bookId = (field: string) => `book-${field}`;

export function AddressBookForm() {
  return (
    <form data-address-form hidden noValidate aria-labelledby="address-form-heading" className="mt-4 space-y-4 rounded-xl border border-stone-200 p-4">
      <h3 id="address-form-heading" className="font-semibold text-stone-900" data-address-form-title>
        New address
      </h3>
      <Field id={bookId('label')} label={F.label} list="address-labels" maxLength={ADDRESS_BOOK_LIMITS.label} hint="Home, Office, Parents..." />
      <Field id={bookId('address')} label={F.address} autoComplete="address-line1" maxLength={ADDRESS_BOOK_LIMITS.address} placeholder="House, street, area" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={bookId('city')} label={F.city} autoComplete="address-level2" list="pk-cities" maxLength={ADDRESS_BOOK_LIMITS.city} />
        <SelectField id={bookId('province')} label={F.province} autoComplete="address-level1" placeholder="Choose a province" options={PROVINCES} />
        <Field id={bookId('postalCode')} label={F.postalCode} autoComplete="postal-code" inputMode="numeric" maxLength={5} hint="Optional: 5 digits, such as 54000." />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" name="isDefault" className="size-4 accent-green-700" />
        Use as my default address
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={ui.primary}>Save address</button>
        <button type="button" className={ui.secondary} data-address-cancel>Cancel</button>
      </div>
    </form>
  );
}
