/**
 * The audit trail as the owner reads it: each action in words, and a row's before and after as
 * lines ("role: packer → manager") rather than raw JSON; times in Pakistan time.
 */
import { formatStaffTime } from './time.ts';

/** Every action a staff route or the staff service writes, in words; an action not listed shows as written. */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'staff.sign-in': 'Signed in',
  'staff.sign-in-failed': 'Failed sign-in',
  'staff.sign-out': 'Signed out',
  'staff.totp-setup': 'Started the authenticator set-up',
  'staff.totp-confirm': 'Set up the authenticator app',
  'staff.invite': 'Invited a member',
  'staff.accept': 'Accepted an invitation',
  'staff.role': 'Changed a role',
  'staff.remove': 'Removed a member',
  'order.advance': 'Moved an order along',
  'order.cancel': 'Cancelled an order',
  'order.cash': 'Marked cash collected',
  'order.note': 'Added a note to an order',
  'category.create': 'Added a category',
  'category.update': 'Changed a category',
  'category.reorder': 'Reordered the categories',
  'review.hide': 'Hid a review',
  'review.show': 'Showed a review again',
  'product.create': 'Added a product',
  'product.update': 'Changed a product',
  'product.bulk': 'Changed stock or prices in the grid',
  'product.off-sale': 'Took a product off sale',
  'product.on-sale': 'Put a product back on sale',
  'catalog.check': 'Checked a catalogue file',
  'catalog.import': 'Imported a catalogue file',
  'picture.upload': 'Uploaded a picture',
  'synonym.add': 'Added search words',
  'synonym.change': 'Changed search words',
  'synonym.remove': 'Removed search words',
};

export const actionLabel = (action: string): string => AUDIT_ACTIONS[action] ?? action;

/** The kinds of record rows name, as the filter offers them. */
export const RECORD_KINDS = [
  { value: 'staff', name: 'A staff member' },
  { value: 'invite', name: 'An invitation' },
  { value: 'order', name: 'An order' },
  { value: 'category', name: 'A category' },
  { value: 'review', name: 'A review' },
  { value: 'picture', name: 'A picture' },
  { value: 'synonym', name: 'Search words' },
] as const;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value as a line shows it: times in Pakistan time, nothing as "none", lists and objects compact. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatStaffTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join('; ');
}

export interface ChangeLine {
  field: string;
  /** Absent when the row has no before (a new record) or the field was not in it. */
  before?: string;
  after?: string;
}

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * Before and after as lines, one a field: a field that changed shows both, one only in before or
 * only in after shows that one, one the same on both sides is left out (nothing happened to it).
 * A before or after that is not an object is one line named "value".
 */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  const b = before === null || before === undefined ? {} : (asRecord(before) ?? { value: before });
  const a = after === null || after === undefined ? {} : (asRecord(after) ?? { value: after });
  const lines: ChangeLine[] = [];
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const inB = field in b;
    const inA = field in a;
    if (inB && inA && JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
    lines.push({ field, ...(inB ? { before: valueText(b[field]) } : {}), ...(inA ? { after: valueText(a[field]) } : {}) });
  }
  return lines;
}
