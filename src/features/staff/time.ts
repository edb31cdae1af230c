/**
 * Times and amounts as the staff read them: every time in Pakistan time (the API sends UTC ISO
 * strings), every amount in rupees through the store's one price formatter.
 */
export { formatRs } from '#lib/money.ts';

import { STAFF_TIME_ZONE } from '#lib/staff-time.ts';

export { formatStaffTime, STAFF_TIME_ZONE } from '#lib/staff-time.ts';
const dayFormat = new Intl.DateTimeFormat('en-PK', { day: 'numeric', month: 'short', year: 'numeric', timeZone: STAFF_TIME_ZONE });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: STAFF_TIME_ZONE });

const asDate = (iso: string | Date) => (typeof iso === 'string' ? new Date(iso) : iso);

/** `27 Nov 2026`, the Pakistan day; '' for a time that is not one. */
export function formatStaffDay(iso: string | Date): string {
  const d = asDate(iso);
  return Number.isNaN(d.getTime()) ? '' : dayFormat.format(d);
}

/** The Pakistan day of a time, `YYYY-MM-DD` (what the desk's date filters take). */
export function pakistanDay(at: Date = new Date()): string {
  return isoDay.format(at);
}

/** The first instant of a Pakistan day (`YYYY-MM-DD`) as a UTC ISO string; null for a day that is not one. */
export function pakistanDayStart(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = new Date(`${day}T00:00:00+05:00`);
  return Number.isNaN(at.getTime()) || isoDay.format(at) !== day ? null : at.toISOString();
}

/** The first instant after a Pakistan day (an exclusive end), as a UTC ISO string; null for a day that is not one. */
export function pakistanDayEnd(day: string): string | null {
  const start = pakistanDayStart(day);
  return start && new Date(Date.parse(start) + 24 * 60 * 60 * 1000).toISOString();
}
