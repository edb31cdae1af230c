/**
 * The order desk's own small rules, apart from React so they are tested alone: how a count and a
 * timeline entry read, which days a report covers by default, which rows of a reloaded list are
 * new, and how a bulk move is reported. Days are Pakistan days (Asia/Karachi), YYYY-MM-DD.
 */
import { daysBetween } from '#lib/desk-query.ts';
import { formatWhole } from '#lib/numbers.ts';
import { pakistanDay } from '#features/staff/time.ts';
import { DESK_ADVANCE_TO, type DeskAdvanceResult, type DeskOrderDetail } from '#lib/schemas/desk.ts';

/** The statuses orders are moved to, one or several at once (cancelling is one order at a time, with its reason). */
export const BULK_STATUSES = DESK_ADVANCE_TO;
export type BulkStatus = (typeof DESK_ADVANCE_TO)[number];

/** How often the list asks whether anything changed, while the page is in view. */
export const PULSE_MS = 3000;

/** A count as the desk shows it: `1,234`, or `10,000+` when the API stopped counting. */
export function countText(total: { count: number; capped: boolean }): string {
  return `${formatWhole(total.count)}${total.capped ? '+' : ''}`;
}

/** `1 unit` / `3 units`: a whole count with its word. */
export function countOf(n: number, word: string): string {
  return `${formatWhole(n)} ${n === 1 ? word : `${word}s`}`;
}

/** `1 order` / `12 orders` / `1,000+ orders`. */
export function ordersText(total: { count: number; capped: boolean }): string {
  return `${countText(total)} ${total.count === 1 && !total.capped ? 'order' : 'orders'}`;
}

/** The last `days` Pakistan days up to today, both ends included (a report's default range). */
export function lastDays(now: Date, days = 30): { from: string; to: string } {
  const to = pakistanDay(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The number of days of a range, both ends included. */
export const rangeLength = (from: string, to: string) => daysBetween(from, to).length;

/** `1 new order` / `3 new orders`: what the list announces when orders arrive while it is open. */
export function newOrdersText(n: number): string {
  return `${formatWhole(n)} new ${n === 1 ? 'order' : 'orders'}`;
}

/** Ids in `now` that were not in `before`: the rows a reload brought. Nothing is new on the first load. */
export function arrivals(before: readonly { id: string }[] | undefined, now: readonly { id: string }[]): string[] {
  if (!before) return [];
  const seen = new Set(before.map((o) => o.id));
  return now.filter((o) => !seen.has(o.id)).map((o) => o.id);
}

/** The WhatsApp chat link of a number given as digits only (country code first). */
export function whatsappHref(digits: string): string {
  return `https://wa.me/${digits.replace(/\D/g, '')}`;
}

/** A phone number as a `tel:` link: digits and a leading + kept, spaces and dashes dropped. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

type TimelineEvent = DeskOrderDetail['timeline'][number];

/** Who did it, in words. */
export function actorText(actor: TimelineEvent['actor']): string {
  switch (actor.kind) {
    case 'staff':
      return actor.label ? `${actor.label} (staff)` : 'A staff member';
    case 'shopper':
      return 'The shopper';
    case 'guest':
      return 'The shopper (guest)';
    case 'operator':
      return 'The operator (command line)';
    default:
      return 'The shop';
  }
}

/** What was done, in words (the note, if any, is shown apart, as text). */
export function actionText(event: Pick<TimelineEvent, 'action' | 'from' | 'to'>): string {
  switch (event.action) {
    case 'placed':
      return 'Placed the order';
    case 'status_changed':
      return event.from ? `Moved it from ${event.from} to ${event.to}` : `Moved it to ${event.to}`;
    case 'cancelled':
      return 'Cancelled it';
    case 'cash_collected':
      return 'Marked the cash collected';
    case 'note':
      return 'Added a note';
  }
}

/** A bulk move's outcome: one line for what moved, one a refused order. */
export function bulkReport(to: BulkStatus, reply: DeskAdvanceResult): { done: string; refused: string[] } {
  const n = reply.moved.length;
  const done = n === 0 ? `No order was marked ${to}.` : `${formatWhole(n)} ${n === 1 ? 'order' : 'orders'} marked ${to}.`;
  return { done, refused: reply.refused.map((r) => `${r.orderNumber}: ${r.message}`) };
}

/** The list's query parameters: only what is set. */
export function listParams(filters: { status?: string; from?: string; to?: string; find?: string }, after?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...filters, after })) if (value && value.trim() !== '') out[key] = value.trim();
  return out;
}
