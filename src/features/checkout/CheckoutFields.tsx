/** The checkout form's fields: delivery details and contact, labels above, each error beside its field. */
import { Field } from '#components/forms/Field.tsx';
import { CHECKOUT_FIELDS, DEFAULT_COUNTRY, ORDER_LIMITS } from '#lib/schemas/orders-rules.ts';
import type { FieldErrors } from './rules.ts';

/** Pakistan's provinces and territories, offered as the province is typed. */
const PROVINCES = ['Punjab', 'Sindh', 'Khyber Pakhtunkhwa', 'Balochistan', 'Islamabad Capital Territory', 'Gilgit-Baltistan', 'Azad Jammu and Kashmir'];

const heading = 'text-base font-semibold text-stone-900';

export function CheckoutFields({ errors, disabled }: { errors: FieldErrors; disabled: boolean }) {
  return (
    <div className="space-y-6">
      <fieldset disabled={disabled} className="min-w-0 space-y-4">
        <legend className={`${heading} mb-4`}>Delivery details</legend>
        <Field id="fullName" label={CHECKOUT_FIELDS.fullName} autoComplete="name" maxLength={ORDER_LIMITS.name} error={errors.fullName} />
        <Field id="billingAddress" label={CHECKOUT_FIELDS.billingAddress} autoComplete="street-address" maxLength={ORDER_LIMITS.address} placeholder="House, street, area" error={errors.billingAddress} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="city" label={CHECKOUT_FIELDS.city} autoComplete="address-level2" maxLength={ORDER_LIMITS.city} error={errors.city} />
          <Field id="province" label={CHECKOUT_FIELDS.province} autoComplete="address-level1" maxLength={ORDER_LIMITS.province} list="provinces" error={errors.province} />
          <Field id="zipcode" label={CHECKOUT_FIELDS.zipcode} autoComplete="postal-code" inputMode="numeric" maxLength={ORDER_LIMITS.postalCode} error={errors.zipcode} />
          <Field id="country" label={CHECKOUT_FIELDS.country} autoComplete="country-name" maxLength={ORDER_LIMITS.country} defaultValue={DEFAULT_COUNTRY} error={errors.country} />
        </div>
        <datalist id="provinces">
          {PROVINCES.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </fieldset>
      <fieldset disabled={disabled} className="min-w-0">
        <legend className={`${heading} mb-4`}>Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="phone" label={CHECKOUT_FIELDS.phone} type="tel" autoComplete="tel" inputMode="tel" maxLength={ORDER_LIMITS.phone} placeholder="0300 1234567" hint="10-15 digits; spaces, dashes and a leading + are fine." error={errors.phone} />
          <Field id="email" label={CHECKOUT_FIELDS.email} type="email" autoComplete="email" inputMode="email" maxLength={ORDER_LIMITS.email} placeholder="you@example.com" hint="Your confirmation is sent here." error={errors.email} />
        </div>
      </fieldset>
    </div>
  );
}
