/**
 * A time as the staff read it: in Pakistan time (the API keeps UTC). Shared by the staff pages and
 * the API's own sentences (a refused save says when the product was changed).
 */

/** The shop's time zone: Pakistan keeps UTC+5 all year (no daylight saving). */
export const STAFF_TIME_ZONE = 'Asia/Karachi';

const timeFormat = new Intl.DateTimeFormat('en-PK', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: STAFF_TIME_ZONE });

/** `27 Nov 2026, 4:05 pm` in Pakistan time; '' for a time that is not one. */
export function formatStaffTime(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d);
}
