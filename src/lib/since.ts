/** When something last changed, as a shopper in Pakistan says it (the profile's "Last updated …"). */
import { formatDate } from './dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const karachiDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Karachi' });
/** Whole calendar days (in Pakistan) from `then` to `now`. */
function daysBetween(then: Date, now: Date): number {
  return Math.round((Date.parse(karachiDay.format(now)) - Date.parse(karachiDay.format(then))) / DAY_MS);
}

/** When something last changed, as a shopper says it: `today`, `yesterday`, `5 days ago`, or `on 14 Nov 2026` past a month. */
export function sinceText(iso: string, now = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const days = daysBetween(then, now);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days <= 30) return `${days} days ago`;
  return `on ${formatDate(then)}`;
}
