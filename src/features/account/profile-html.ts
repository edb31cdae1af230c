/**
 * The profile page's card as markup, for each state of the account's load: loading, failed (with
 * Try Again), or the shopper's details in view mode (with Edit Profile). The one source of what the
 * page's early script draws (profile-page.ts) and of what ProfilePage renders outside its edit
 * form, element for element, so the island takes the drawn card over unchanged.
 */
import { escapeHtml as text } from '#lib/html.ts';
import { formatDate } from '#lib/dates.ts';
import { sinceText } from '#lib/since.ts';
import { paths } from '#lib/paths.ts';
import { ui } from '#components/forms/ui.ts';
import type { Account } from './api.ts';
import type { Load } from './view.ts';
import { accountFailedHtml, accountLoadingHtml, avatarHtml } from './account-html.ts';

/** When the account last changed, from its own date (what the server last saved). */
export const lastUpdated = (updatedAt: string) => (sinceText(updatedAt) ? `Last updated ${sinceText(updatedAt)}` : '');

/** The card's parts (each the inside of the element ProfilePage marks `data-profile-part`), with those elements' own attributes. */
export const PROFILE_PARTS = {
  state: '',
  head: 'flex items-center gap-4',
  details: 'mt-6 divide-y divide-stone-100 border-y border-stone-100',
  actions: 'mt-6 flex flex-col gap-3 sm:flex-row',
} as const;
export type ProfilePart = keyof typeof PROFILE_PARTS;

/** The loading or failed card. */
export function profileStateHtml(load: Load<Account>): string {
  return load.status === 'failed' ? accountFailedHtml('account') : accountLoadingHtml('Loading your profile…');
}

/** Avatar, name, e-mail and when the account last changed: above the details and the edit form alike. */
export function profileHeadHtml(account: Account): string {
  return (
    `${avatarHtml(account.name)}<div class="min-w-0"><p class="truncate text-lg font-semibold text-stone-900" data-testid="profile-name">${text(account.name)}</p>` +
    `<p class="truncate text-sm text-stone-600">${text(account.email)}</p><p class="mt-0.5 text-xs text-stone-600" data-testid="profile-updated">${text(lastUpdated(account.updatedAt))}</p></div>`
  );
}

export function profileDetailsHtml(account: Account): string {
  const detail = (label: string, value: string, empty = 'Not given') =>
    `<div class="py-3 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4"><dt class="text-sm font-medium text-stone-600">${label}</dt>` +
    `<dd class="mt-0.5 text-[15px] break-words sm:mt-0 ${value ? 'text-stone-900' : 'text-stone-600 italic'}">${text(value || empty)}</dd></div>`;
  return (
    detail('Full name', account.name) +
    detail('E-mail', account.email) +
    detail('Phone', account.phone) +
    detail('Address', account.address) +
    detail('Member since', account.createdAt ? formatDate(account.createdAt) : '', 'Not known')
  );
}

/** Edit Profile (the island's click handler reads `data-edit-profile`) and the way back. */
export const PROFILE_ACTIONS_HTML =
  `<button type="button" class="${ui.primary} sm:w-auto sm:px-6" data-edit-profile>Edit Profile</button>` + `<a href="${paths.account()}" class="${ui.secondary}">Go to My Account</a>`;

function partHtml(name: ProfilePart, tag: 'div' | 'dl', inner: string): string {
  return `<${tag}${PROFILE_PARTS[name] ? ` class="${PROFILE_PARTS[name]}"` : ''} data-profile-part="${name}">${inner}</${tag}>`;
}

/** The whole card in view mode, as ProfilePage renders it before any edit or save. */
export function profileCardHtml(load: Load<Account>): string {
  if (load.status !== 'ready') return partHtml('state', 'div', profileStateHtml(load));
  return partHtml('head', 'div', profileHeadHtml(load.value)) + partHtml('details', 'dl', profileDetailsHtml(load.value)) + partHtml('actions', 'div', PROFILE_ACTIONS_HTML);
}
