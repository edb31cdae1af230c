/**
 * Whether the shop's pages are up to date, as the staff pages say it. The store's site keeper
 * writes down a failed rebuild of the pages (src/site-build/build-failure.ts) and tries again by
 * itself; until one succeeds every catalogue page of the staff says so, in these words. No
 * imports but the staff time: staff pages use it without zod.
 */
import { formatStaffTime } from './staff-time.ts';

/** A rebuild of the shop's pages that failed, and when it is tried again. */
export interface SiteBuildFailure {
  /** When the first of the failed tries in a row began failing (ISO). */
  since: string;
  /** Failed tries in a row. */
  tries: number;
  /** The build's own words for why, in a line. */
  reason: string;
  /** When the next try starts (ISO), or null when the store is not trying again (it stopped). */
  nextTry: string | null;
}

/** The staff pages' sentence for a failed rebuild: what it means for the shop, why, and what happens next. */
export function siteFailureText(failure: SiteBuildFailure): string {
  const next = failure.nextTry ? ` The store tries again by itself at ${formatStaffTime(failure.nextTry)}.` : '';
  const tries = failure.tries > 1 ? ` (${failure.tries} tries)` : '';
  return `The shop’s pages are not up to date: updating them has failed since ${formatStaffTime(failure.since)}${tries}, so shoppers still see them as they were before. Saved changes are kept.${next} What went wrong: ${failure.reason}`;
}
