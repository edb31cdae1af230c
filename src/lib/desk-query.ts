/**
 * The order desk's questions as staff type them: which orders (status, dates, a search), which
 * page, and the range of a sales report. The desk's page and the API read them with the same
 * rules and say what is wrong in the same words. Days are Pakistan days (Asia/Karachi), written
 * YYYY-MM-DD. No imports but the orders' rules, so a browser module may use it.
 */
import { CONTROL_CHARACTERS } from './control-characters.ts';
import { isValidPhone, normalizeOrderNumber, normalizePhone, ORDER_STATUSES, type OrderStatus } from './schemas/orders-rules.ts';

/** Orders on one page of the desk's list. */
export const DESK_PAGE_SIZE = 50;
/**
 * Counts stop at this many: past it the desk says "10,000+". Counting every one of a million
 * orders on each look at the list would cost more than the list itself, and nobody acts on the
 * difference between 10,000 and 400,000 Delivered orders; the statuses staff work through
 * (Pending, Processing) are far below it and exact.
 */
export const DESK_COUNT_CAP = 10_000;
/**
 * A list's total (all its pages) stops at this many: "1,000+ orders" is all a search or a filter
 * needs to say, and counting every order with a common name would cost more than the page itself.
 */
export const DESK_TOTAL_CAP = 1_000;
/** A search longer than this is not a name, an e-mail, a phone or an order number. */
export const DESK_FIND_MAX = 100;
/** A part of a name is searched from this many characters: fewer matches nearly every order. */
export const DESK_NAME_MIN = 3;
/** A sales report covers at most this many days (a year, and a leap day). */
export const REPORT_MAX_DAYS = 366;

export const DESK_MESSAGES = {
  status: `Status must be one of ${ORDER_STATUSES.join(', ')}.`,
  day: (label: string) => `${label} must be a date like 2026-11-27.`,
  order: 'The end date must be on or after the start date.',
  findLong: `Search at most ${DESK_FIND_MAX} characters.`,
  findControls: 'Search must not contain control characters.',
  nameShort: `Type at least ${DESK_NAME_MIN} letters of a name, or a whole phone number, e-mail or order number.`,
  cursor: 'That page of the list no longer exists; start again from the first page.',
  reportRange: 'Choose both a start and an end date for the report.',
  reportLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

/** Why a question cannot be answered; `field` names the part of the question at fault. */
export class DeskQueryError extends Error {
  readonly field: 'status' | 'from' | 'to' | 'find' | 'after';
  constructor(field: DeskQueryError['field'], message: string) {
    super(message);
    this.field = field;
    this.name = 'DeskQueryError';
  }
}

/** What a search is taken for: an exact order number, an exact phone, part of an e-mail or part of a name. */
export type DeskFind =
  | { kind: 'number'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'name'; value: string };

export interface DeskListQuery {
  status?: OrderStatus;
  /** First day (Pakistan), inclusive. */
  from?: string;
  /** Last day (Pakistan), inclusive. */
  to?: string;
  find?: DeskFind;
  /** The cursor of the page before (`nextCursor` of the previous answer). */
  after?: { createdAt: Date; id: string };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that is a real calendar day (not 2026-02-30), or undefined. */
export function parseDay(text: string): string | undefined {
  const m = DAY.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? text : undefined;
}

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

function readDay(field: 'from' | 'to', label: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const day = parseDay(raw.trim());
  if (!day) throw new DeskQueryError(field, DESK_MESSAGES.day(label));
  return day;
}

/** Reads a search: an order number, then an e-mail (has @), then a phone, else part of a name. */
export function readFind(raw: string | undefined): DeskFind | undefined {
  if (raw === undefined) return undefined;
  if (raw.length > DESK_FIND_MAX * 4) throw new DeskQueryError('find', DESK_MESSAGES.findLong);
  if (CONTROL_CHARACTERS.test(raw)) throw new DeskQueryError('find', DESK_MESSAGES.findControls);
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  if (text.length > DESK_FIND_MAX) throw new DeskQueryError('find', DESK_MESSAGES.findLong);
  const number = normalizeOrderNumber(text);
  if (number) return { kind: 'number', value: number };
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  if (isValidPhone(text)) return { kind: 'phone', value: normalizePhone(text) };
  if (text.length < DESK_NAME_MIN) throw new DeskQueryError('find', DESK_MESSAGES.nameShort);
  return { kind: 'name', value: text };
}

const CURSOR = /^(\d{1,15})~([A-Za-z0-9_-]{1,64})$/;

/** The cursor after an order: its placement time (ms) and id. */
export function cursorOf(order: { createdAt: Date; id: string }): string {
  return `${order.createdAt.getTime()}~${order.id}`;
}

function readCursor(raw: string | undefined): DeskListQuery['after'] {
  if (raw === undefined || raw === '') return undefined;
  const m = CURSOR.exec(raw);
  const createdAt = m ? new Date(Number(m[1])) : undefined;
  if (!m || !createdAt || Number.isNaN(createdAt.getTime())) throw new DeskQueryError('after', DESK_MESSAGES.cursor);
  return { createdAt, id: m[2] };
}

/** Reads the list's question from its query parameters; a DeskQueryError says what is wrong. */
export function readDeskListQuery(params: { status?: string; from?: string; to?: string; find?: string; after?: string }): DeskListQuery {
  const query: DeskListQuery = {};
  if (params.status !== undefined && params.status !== '') {
    if (!(ORDER_STATUSES as readonly string[]).includes(params.status)) throw new DeskQueryError('status', DESK_MESSAGES.status);
    query.status = params.status as OrderStatus;
  }
  query.from = readDay('from', 'From', params.from);
  query.to = readDay('to', 'To', params.to);
  if (query.from && query.to && query.to < query.from) throw new DeskQueryError('to', DESK_MESSAGES.order);
  query.find = readFind(params.find);
  query.after = readCursor(params.after);
  for (const key of Object.keys(query) as (keyof DeskListQuery)[]) if (query[key] === undefined) delete query[key];
  return query;
}

/** Reads a report's range: both days, in order, at most REPORT_MAX_DAYS apart. */
export function readReportRange(params: { from?: string; to?: string }): { from: string; to: string } {
  const from = readDay('from', 'From', params.from);
  const to = readDay('to', 'To', params.to);
  if (!from) throw new DeskQueryError('from', DESK_MESSAGES.reportRange);
  if (!to) throw new DeskQueryError('to', DESK_MESSAGES.reportRange);
  if (to < from) throw new DeskQueryError('to', DESK_MESSAGES.order);
  if (daysBetween(from, to).length > REPORT_MAX_DAYS) throw new DeskQueryError('to', DESK_MESSAGES.reportLong);
  return { from, to };
}
