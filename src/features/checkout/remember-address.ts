/**
 * What a placed order leaves for the next checkout: a guest's address is kept on this device
 * ($lastAddress); a signed-in shopper's is added to the address book when they ticked "Save this
 * address" (unless the book holds it already). Never throws: the order is placed either way.
 */
import { addAddress } from '#features/addresses/api.ts';
import { $lastAddress, addressBook, sameAddress } from '#lib/stored-addresses.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { ADDRESS_BOOK_LIMITS } from '#lib/address-book.ts';
import { SAVE_FIELDS } from './SaveAddressChoice.tsx';

/** The label to save under when "Save this address" is ticked (read before the form is locked), else undefined. */
export function saveChoice(form: HTMLFormElement): string | undefined {
  const data = new FormData(form);
  if (data.get(SAVE_FIELDS.save) !== 'on') return undefined;
  return String(data.get(SAVE_FIELDS.label) ?? '').trim() || 'Home';
}

export async function rememberAddress(body: PlaceOrderBody, signedIn: boolean, saveAs: string | undefined): Promise<void> {
  const { address, city, province, postalCode = '' } = body.shippingAddress;
  const placed = { address, city, province, postalCode };
  if (!signedIn) return void $lastAddress.set(placed);
  if (saveAs === undefined || addressBook().some((a) => sameAddress(a, placed)) || addressBook().length >= ADDRESS_BOOK_LIMITS.addresses) return;
  await addAddress({ label: saveAs, ...placed }, { onExpired: () => {} }).catch(() => undefined);
}
