/**
 * The search words desk's shapes and words, without any zod schema: the staff page
 * (/staff/search-words/) uses these as they are, and the server's schemas (search-words.ts) and
 * its rules (src/server/catalog/synonyms-edit.ts) the same words. An entry's own rules are the
 * dictionary's (src/lib/search/dictionary.ts: synonymProblems, tidySynonym).
 */
import type { SynonymEntry } from '../search/dictionary.ts';

/** A dictionary entry as editors see it. */
export interface StaffSynonym extends SynonymEntry {
  id: number;
  version: number;
  updatedAt: string;
  /** Who saved it last: a member's name, or null (a catalogue file from the command line, or a member since removed). */
  updatedBy: string | null;
}

/** A search that found nothing, by its folded words. */
export interface SearchMiss {
  term: string;
  searches: number;
  firstAt: string;
  lastAt: string;
}

export const MISS_ORDERS = ['recent', 'frequent'] as const;
export type MissOrder = (typeof MISS_ORDERS)[number];

/** The most misses the page lists. */
export const MISSES_SHOWN = 200;

/** An entry in one line: `chawal, chaawal → rice`. */
export const entryText = (e: SynonymEntry): string => `${e.words.join(', ')} → ${e.means.join(', ')}`;

export const SYNONYM_MESSAGES = {
  fields: 'Please correct the marked fields.',
  unknown: 'This entry is no longer in the dictionary: someone removed it.',
  takenBy: (word: string, entry: SynonymEntry) => `"${word}" is already in the entry “${entryText(entry)}”: change that entry instead.`,
  conflict: (name: string, at: string) =>
    `This entry was changed by ${name} at ${at} since you opened it. Your changes were not saved: see what it says now, then save again.`,
  removedConflict: (name: string, at: string) => `This entry was changed by ${name} at ${at} since you opened it, so it was not removed: see what it says now.`,
  /** Who a change names when no member made it. */
  fileAuthor: 'a catalogue file import',
} as const;
