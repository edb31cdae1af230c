/**
 * The search words page's own rules, pure (search-words.test.ts): a typed list read into words
 * (commas, Urdu's comma or new lines between them), the dictionary filtered as search compares
 * words (case, accents, Urdu letter forms folded), a search that found nothing in words.
 */
import { fold } from '#lib/search/fold.ts';
import type { SearchMiss, StaffSynonym } from '#lib/schemas/search-words-rules.ts';
import { formatStaffTime } from '#lib/staff-time.ts';

/** `chawal, chaawal، چاول` → the words or phrases, trimmed, empty ones left out. */
export const splitList = (text: string): string[] =>
  text
    .split(/[,،\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

export const joinList = (list: readonly string[]): string => list.join(', ');

/** The entries any of whose words or meanings holds the filter's text (folded as search folds it). */
export function filterEntries(list: readonly StaffSynonym[], filter: string): StaffSynonym[] {
  const wanted = fold(filter).trim();
  if (!wanted) return [...list];
  return list.filter((e) => [...e.words, ...e.means].some((w) => fold(w).includes(wanted)));
}

/** `Searched 3 times, last 27 Nov 2026, 4:05 pm` */
export const missText = (m: SearchMiss): string => `Searched ${m.searches === 1 ? 'once' : `${m.searches} times`}, last ${formatStaffTime(m.lastAt)}`;
