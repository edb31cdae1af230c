/** The account page's address book list as markup (address-book.ts draws it). */
import { cityLine } from '#lib/address.ts';
import { escapeHtml as e } from '#lib/html.ts';
import type { BookAddress } from '#lib/stored-addresses.ts';

const button = 'rounded-lg px-2 py-1 text-sm font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2';

export function addressListHtml(addresses: readonly BookAddress[]): string {
  if (!addresses.length) return '<p class="text-sm text-stone-600">No saved addresses yet. Add one, and checkout fills it in for you.</p>';
  const items = addresses.map(
    (a) =>
      `<li class="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="saved-address"><div class="min-w-0">` +
      `<p class="font-semibold text-stone-900">${e(a.label)}${a.isDefault ? ' <span class="ml-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Default</span>' : ''}</p>` +
      `<p class="break-words text-sm text-stone-700">${e(a.address)}<br>${e(cityLine(a))}</p></div>` +
      `<div class="flex flex-wrap gap-1">` +
      `<button type="button" class="${button}" data-address-action="edit" data-id="${e(a.id)}" aria-label="Edit ${e(a.label)}">Edit</button>` +
      (a.isDefault ? '' : `<button type="button" class="${button}" data-address-action="default" data-id="${e(a.id)}" aria-label="Make default: ${e(a.label)}">Make default</button>`) +
      `<button type="button" class="${button} text-red-700 hover:bg-red-50" data-address-action="remove" data-id="${e(a.id)}" aria-label="Remove ${e(a.label)}">Remove</button>` +
      `</div></li>`,
  );
  return `<ul class="divide-y divide-stone-100">${items.join('')}</ul>`;
}
