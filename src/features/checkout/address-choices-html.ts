/** The markup of the checkout's "Deliver to" choices (address-choices.ts draws it). */
import { cityLine } from '#lib/address.ts';
import { escapeHtml as e } from '#lib/html.ts';
import type { DeliveryAddress } from '#lib/stored-addresses.ts';

export const NEW_ADDRESS = 'new';

export interface AddressChoice extends DeliveryAddress {
  id: string;
  label: string;
  /** Beside the label: "Default", "on this device". */
  note?: string;
}

const radio = (value: string, chosen: string) => `<input type="radio" name="addressChoice" value="${e(value)}" class="mt-1 size-4 shrink-0 accent-green-700"${value === chosen ? ' checked' : ''}>`;
const row = 'flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-green-700 has-[:checked]:bg-green-50';

export function addressChoicesHtml(choices: readonly AddressChoice[], chosen: string): string {
  const saved = choices.map(
    (a) =>
      `<label class="${row}">${radio(a.id, chosen)}<span class="min-w-0 text-sm"><span class="font-semibold text-stone-900">${e(a.label)}</span>${a.note ? ` <span class="text-xs text-stone-600">(${e(a.note)})</span>` : ''}<span class="block break-words text-stone-700">${e(a.address)}, ${e(cityLine(a))}</span></span></label>`,
  );
  const fresh = `<label class="${row}">${radio(NEW_ADDRESS, chosen)}<span class="text-sm font-semibold text-stone-900">A new address</span></label>`;
  return [...saved, fresh].join('');
}
