/** The checkout form's fields: delivery details and contact, labels above, each error beside its field. */
import { Field, SelectField } from '#components/forms/Field.tsx';
import { PROVINCES } from '#lib/address.ts';
import { CHECKOUT_FIELDS, DEFAULT_COUNTRY, ORDER_LIMITS } from '#lib/schemas/orders-rules.ts';
import { SaveAddressChoice } from './SaveAddressChoice.tsx';
import type { FieldErrors } from './rules.ts';

const heading = 'text-base font-semibold text-stone-900';

export function CheckoutFields({ errors, disabled }: { errors: FieldErrors; disabled: boolean }) {
  return (
    <div className="space-y-6">
      <fieldset disabled={disabled} className="min-w-0 space-y-4">
        <legend className={`${heading} mb-4`}>Delivery details</legend>
        <Field id="guestInfo.name" label={CHECKOUT_FIELDS['guestInfo.name']} autoComplete="name" maxLength={ORDER_LIMITS.name} error={errors['guestInfo.name']} />
        <Field id="shippingAddress.address" label={CHECKOUT_FIELDS['shippingAddress.address']} autoComplete="address-line1" maxLength={ORDER_LIMITS.address} placeholder="House, street, area" error={errors['shippingAddress.address']} />
        <div className="grid gap-4 sm:grid-cols-2">
          {/* The suggestions are the page's (CitySuggestions.astro): drawn as HTML, not carried by the island. */}
          <Field id="shippingAddress.city" label={CHECKOUT_FIELDS['shippingAddress.city']} autoComplete="address-level2" maxLength={ORDER_LIMITS.city} list="pk-cities" error={errors['shippingAddress.city']} />
          <SelectField id="shippingAddress.province" label={CHECKOUT_FIELDS['shippingAddress.province']} autoComplete="address-level1" placeholder="Choose a province" options={PROVINCES} error={errors['shippingAddress.province']} />
          <Field id="shippingAddress.postalCode" label={CHECKOUT_FIELDS['shippingAddress.postalCode']} autoComplete="postal-code" inputMode="numeric" maxLength={ORDER_LIMITS.postalCode} hint="Optional: 5 digits, such as 54000." error={errors['shippingAddress.postalCode']} />
          <Field id="shippingAddress.country" label={CHECKOUT_FIELDS['shippingAddress.country']} autoComplete="country-name" readOnly defaultValue={DEFAULT_COUNTRY} hint="We deliver only within Pakistan." error={errors['shippingAddress.country']} />
        </div>
        <SaveAddressChoice />
      </fieldset>
      <fieldset disabled={disabled} className="min-w-0">
        <legend className={`${heading} mb-4`}>Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="contactNumber" label={CHECKOUT_FIELDS.contactNumber} type="tel" autoComplete="tel" inputMode="tel" maxLength={ORDER_LIMITS.phone} placeholder="0300 1234567" hint="10-15 digits; spaces, dashes and a leading + are fine." error={errors.contactNumber} />
          <Field id="guestInfo.email" label={CHECKOUT_FIELDS['guestInfo.email']} type="email" autoComplete="email" inputMode="email" maxLength={ORDER_LIMITS.email} placeholder="you@example.com" hint="Your confirmation is sent here." error={errors['guestInfo.email']} />
        </div>
      </fieldset>
    </div>
  );
}
