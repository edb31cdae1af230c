/**
 * "Deliver to": the addresses the checkout offers, drawn by the page's own script (no React)
 * above the form: a signed-in shopper's address book (as kept on this device, then as the server
 * gives it), or a guest's last address on this device, and "A new address". Choosing one puts it
 * in the form's address fields (they are plain fields: the form's island reads them as they are,
 * before or after it starts); "A new address" empties them. The default (or the guest's last
 * address) was put in before the first paint by CheckoutPrefill.astro; the choice that matches the
 * fields is shown chosen. The section stays hidden while there is nothing to offer. A full book
 * turns "Save this address" into a note saying so.
 */
import { loadAddresses } from '#features/addresses/api.ts';
import { $lastAddress, addressBook, sameAddress, type DeliveryAddress } from '#lib/stored-addresses.ts';
import { $signedIn } from '#features/session/store.ts';
import { ADDRESS_BOOK_LIMITS } from '#lib/address-book.ts';
import { addressChoicesHtml, NEW_ADDRESS, type AddressChoice } from './address-choices-html.ts';

const KEYS = ['address', 'city', 'province', 'postalCode'] as const;
const form = () => document.querySelector<HTMLFormElement>('form[aria-label="Checkout"]');
const control = (f: HTMLFormElement, key: string) => f.elements.namedItem(`shippingAddress.${key}`) as HTMLInputElement | HTMLSelectElement | null;

function inForm(f: HTMLFormElement): DeliveryAddress {
  const [address, city, province, postalCode] = KEYS.map((k) => control(f, k)?.value ?? '');
  return { address, city, province, postalCode };
}

function put(f: HTMLFormElement, a: DeliveryAddress): void {
  for (const k of KEYS) {
    const el = control(f, k);
    if (el) el.value = a[k];
  }
}

function choices(): AddressChoice[] {
  if ($signedIn.get()) return addressBook().map((a) => ({ ...a, note: a.isDefault ? 'Default' : undefined }));
  const last = $lastAddress.get();
  return last ? [{ ...last, id: 'last', label: 'Your last address', note: 'on this device' }] : [];
}

/** Whether the book has no room for another: "Save this address" then says so instead (checkout-page.astro's style). */
export function bookIsFull(): boolean {
  return $signedIn.get() && addressBook().length >= ADDRESS_BOOK_LIMITS.addresses;
}

function draw(section: HTMLElement): void {
  document.documentElement.toggleAttribute('data-address-book-full', bookIsFull());
  const f = form();
  const offered = choices();
  section.hidden = !f || offered.length === 0;
  if (!f || !offered.length) return;
  const now = inForm(f);
  const empty = !now.address.trim() && !now.city.trim() && !now.province;
  // A book that arrived after the first paint fills a form still without an address.
  if (empty) put(f, offered.find((a) => a.note === 'Default') ?? offered[0]);
  const chosen = offered.find((a) => sameAddress(a, inForm(f)))?.id ?? NEW_ADDRESS;
  section.querySelector('[data-choices]')!.innerHTML = addressChoicesHtml(offered, chosen);
}

const section = document.querySelector<HTMLElement>('[data-address-choices]');
if (section) {
  draw(section);
  section.addEventListener('change', (event) => {
    const radio = event.target as HTMLInputElement;
    const f = form();
    if (!f || radio.name !== 'addressChoice') return;
    const picked = choices().find((a) => a.id === radio.value);
    put(f, picked ?? { address: '', city: '', province: '', postalCode: '' });
    if (!picked) control(f, 'address')?.focus();
  });
  if ($signedIn.get()) void loadAddresses({ onExpired: () => {} }).then(() => draw(section));
}
