/**
 * The shop's search dictionary: what shoppers type for a thing (Roman Urdu "chawal", Urdu script
 * "چاول", local English "cold drink", brand shorthand "coke") and what it finds ("rice"). An entry's
 * `words` and `means` are words or short phrases; a query holding one of the `words` also finds what
 * any of the `means` finds (plan.ts). Shipped with the seed (src/server/seed/synonyms.json), imported,
 * exported and checked like the rest of the catalogue, and edited by editors.
 *
 * The checks here are the importer's and the editors' form's (no zod: the staff page's bundle
 * carries them), in the editor's words.
 */
import { CONTROL_CHARACTERS } from '#lib/control-characters.ts';
import { stem, words as foldedWords } from './fold.ts';

export interface SynonymEntry {
  words: string[];
  means: string[];
}

export const SYNONYM_LIMITS = {
  /** Words (or phrases) an entry may list for what shoppers type. */
  words: 12,
  /** Words (or phrases) an entry may say it means. */
  means: 6,
  /** Characters of one word or phrase, once trimmed. */
  chars: 40,
  /** Words in one phrase. */
  phraseWords: 4,
} as const;

export interface SynonymProblem {
  field: 'words' | 'means';
  message: string;
}

function listProblems(field: 'words' | 'means', list: unknown, max: number): SynonymProblem[] {
  const label = field === 'words' ? 'What shoppers type' : 'What it finds';
  if (!Array.isArray(list) || list.length === 0) return [{ field, message: `${label}: write at least one word.` }];
  if (list.length > max) return [{ field, message: `${label}: at most ${max} words or phrases.` }];
  const problems: SynonymProblem[] = [];
  for (const item of list) {
    if (typeof item !== 'string') {
      problems.push({ field, message: `${label}: each entry must be text.` });
      continue;
    }
    const text = item.trim();
    if (!text) problems.push({ field, message: `${label}: an entry is empty.` });
    else if (text.length > SYNONYM_LIMITS.chars) problems.push({ field, message: `${label}: "${text.slice(0, 20)}…" is longer than ${SYNONYM_LIMITS.chars} characters.` });
    else if (CONTROL_CHARACTERS.test(text)) problems.push({ field, message: `${label}: "${text}" holds characters that cannot be typed.` });
    else if (foldedWords(text).length === 0) problems.push({ field, message: `${label}: "${text}" has no letters or digits.` });
    else if (foldedWords(text).length > SYNONYM_LIMITS.phraseWords) problems.push({ field, message: `${label}: "${text}" has more than ${SYNONYM_LIMITS.phraseWords} words.` });
  }
  return problems;
}

/** A word or phrase as the dictionary compares it: its folded words' stems, one space between. */
export function phraseKey(text: string): string {
  return foldedWords(text).map(stem).join(' ');
}

/** What is wrong with one entry, in the editor's words; [] when it may be saved. */
export function synonymProblems(entry: { words?: unknown; means?: unknown }): SynonymProblem[] {
  const problems = [...listProblems('words', entry.words, SYNONYM_LIMITS.words), ...listProblems('means', entry.means, SYNONYM_LIMITS.means)];
  if (problems.length) return problems;
  const means = new Set((entry.means as string[]).map(phraseKey));
  const both = (entry.words as string[]).find((w) => means.has(phraseKey(w)));
  if (both) problems.push({ field: 'words', message: `"${both.trim()}" is on both sides: a word cannot mean itself.` });
  return problems;
}

/** The entry trimmed, each list without repeats (compared as search compares them). */
export function tidySynonym(entry: SynonymEntry): SynonymEntry {
  const tidy = (list: string[]) => {
    const seen = new Set<string>();
    return list.map((s) => s.trim()).filter((s) => !seen.has(phraseKey(s)) && seen.add(phraseKey(s)));
  };
  return { words: tidy(entry.words), means: tidy(entry.means) };
}

/** Typed words that more than one entry lists (each says something different): the importer refuses them. */
export function repeatedSynonymWords(entries: readonly SynonymEntry[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const entry of entries) {
    for (const key of new Set(entry.words.map(phraseKey))) (seen.has(key) ? repeated : seen).add(key);
  }
  return [...repeated];
}

/** The dictionary as the plan reads it. */
export interface Dictionary {
  /** phraseKey of a typed word or phrase → what it means, each a list of folded words. */
  readonly phrases: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The most words a typed phrase has. */
  readonly longest: number;
  /** The typed entries of one word (phraseKey), which a mistyped query word may be near. */
  readonly singleWords: readonly string[];
}

export function compileDictionary(entries: readonly SynonymEntry[]): Dictionary {
  const phrases = new Map<string, string[][]>();
  let longest = 0;
  for (const entry of entries) {
    const means = entry.means.map((m) => foldedWords(m)).filter((m) => m.length > 0);
    for (const typed of entry.words) {
      const key = phraseKey(typed);
      if (!key) continue;
      longest = Math.max(longest, key.split(' ').length);
      const known = phrases.get(key) ?? [];
      for (const m of means) if (!known.some((k) => k.join(' ') === m.join(' '))) known.push(m);
      phrases.set(key, known);
    }
  }
  return { phrases, longest, singleWords: [...phrases.keys()].filter((k) => !k.includes(' ')).sort() };
}

export const EMPTY_DICTIONARY: Dictionary = compileDictionary([]);
