/**
 * A search term made into what a product must match: the plan. Worked out once a search, then
 * evaluated over every product, in JavaScript (match.ts: the suggestions, the search page's own
 * cards) or as SQL (src/server/catalog/search.ts: the API), which therefore agree.
 *
 * The term's distinct folded words (fold.ts), at most MAX_QUERY_WORDS of them, each become a
 * clause that a matching product satisfies through any of its alternatives:
 * - the word itself (WordTest): a token equal to it or to its stem ("whole"), a token it starts
 *   ("prefix", for words of two characters or more), or, for a word that is no dictionary word and
 *   starts no name, brand or category token of the whole catalogue, a name, brand or category
 *   token within its allowed edits ("typos", typos.ts);
 * - the word joined with the word before or after it ("corn flakes" finds Cornflakes);
 * - where the dictionary knows the word, or a phrase the word is part of ("cold drink"): each of
 *   the phrase's meanings, all of whose words must match (whole or prefix, no typos);
 * - where the word has typos and is near a dictionary word, that word's meanings too ("chawl"),
 *   ranked no better than a mistyped name word.
 * An alternative of several tests ranks at its worst test's place; a clause at its best alternative's.
 */
import { stem, words } from './fold.ts';
import type { Dictionary } from './dictionary.ts';
import { allowedEdits, editDistance } from './typos.ts';

/** Words of a term the plan reads; any further distinct word is left out. */
export const MAX_QUERY_WORDS = 16;
/** Prefixes shorter than this match whole tokens only. */
export const MIN_PREFIX_LENGTH = 2;

export interface WordTest {
  word: string;
  /** Tokens that match the word whole: the word and its stem. */
  whole: string[];
  /** Whether tokens starting with the word match. */
  prefix: boolean;
  /** Name, brand and category tokens within the word's allowed edits (only when it has no other match). */
  typos: string[];
  /**
   * The best place the test may take: 0, or TYPO_PLACE for the meanings of a dictionary word the
   * query word was a mistyping of, so they never rank above the products the word itself mistyped.
   */
  floor: number;
}

/** The place of a mistyped name word (match.ts), and the best a meaning reached through a typo takes. */
export const TYPO_PLACE = 2;

/** Every test must match; ranks at the worst test's place. */
export type Alternative = readonly WordTest[];

export interface Clause {
  /** The query word the clause stands for. */
  word: string;
  alternatives: readonly Alternative[];
}

export interface SearchPlan {
  clauses: readonly Clause[];
}

/** The catalogue's name, brand and category tokens, which decide when and how typos apply. */
export interface TitleVocabulary {
  /** Whether a token equals the word or its stem, or starts with the word. */
  knows(word: string): boolean;
  /** The tokens within `edits` of the word, nearest first. */
  near(word: string, edits: number): string[];
}

/** A vocabulary over a list of tokens (kept sorted for prefix look-ups). */
export function titleVocabulary(tokens: Iterable<string>): TitleVocabulary {
  const sorted = [...new Set(tokens)].sort();
  const byLength = new Map<number, string[]>();
  for (const t of sorted) {
    const list = byLength.get(t.length);
    if (list) list.push(t);
    else byLength.set(t.length, [t]);
  }
  const at = (word: string) => lowerBound(sorted, word);
  return {
    knows: (word) => sorted[at(word)]?.startsWith(word) === true || sorted[at(stem(word))] === stem(word),
    near(word, edits) {
      const found: { token: string; d: number }[] = [];
      for (let len = word.length - edits; len <= word.length + edits; len++) {
        for (const token of byLength.get(len) ?? []) {
          const d = editDistance(word, token, edits);
          if (d <= edits) found.push({ token, d });
        }
      }
      return found.sort((a, b) => a.d - b.d || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0)).map((f) => f.token);
    },
  };
}

/** The first place in a sorted list whose entry is not below `word`. */
export function lowerBound(sorted: readonly string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The distinct folded words of a term, in order, at most MAX_QUERY_WORDS. */
export function queryWords(term: string | undefined): string[] {
  return term ? [...new Set(words(term))].slice(0, MAX_QUERY_WORDS) : [];
}

function wordTest(word: string, typos: string[] = [], floor = 0): WordTest {
  return { word, whole: [...new Set([word, stem(word)])], prefix: word.length >= MIN_PREFIX_LENGTH, typos, floor };
}

function meaningAlternatives(means: readonly (readonly string[])[], floor = 0): Alternative[] {
  return means.map((phrase) => phrase.map((w) => wordTest(w, [], floor)));
}

/** The plan of a term; no clauses when it has no words. */
export function planSearch(term: string | undefined, dictionary: Dictionary, vocabulary: TitleVocabulary): SearchPlan {
  const list = queryWords(term);
  const stems = list.map(stem);
  const alternatives: Alternative[][] = list.map(() => []);
  const covered = list.map(() => false);
  // Dictionary phrases, longest first: a phrase's meanings may stand for each of its words.
  for (let length = Math.min(dictionary.longest, list.length); length >= 1; length--) {
    for (let start = 0; start + length <= list.length; start++) {
      const means = dictionary.phrases.get(stems.slice(start, start + length).join(' '));
      if (!means) continue;
      for (let i = start; i < start + length; i++) {
        alternatives[i].push(...meaningAlternatives(means));
        covered[i] = true;
      }
    }
  }
  const clauses = list.map((word, i): Clause => {
    const typos = !covered[i] && allowedEdits(word) > 0 && !vocabulary.knows(word) ? vocabulary.near(word, allowedEdits(word)) : [];
    const own: Alternative[] = [[wordTest(word, typos)]];
    if (i > 0) own.push([wordTest(list[i - 1] + word)]);
    if (i + 1 < list.length) own.push([wordTest(word + list[i + 1])]);
    if (!covered[i] && allowedEdits(word) > 0 && !vocabulary.knows(word)) {
      for (const key of dictionary.singleWords) {
        if (editDistance(word, key, allowedEdits(word)) <= allowedEdits(word)) own.push(...meaningAlternatives(dictionary.phrases.get(key) ?? [], TYPO_PLACE));
      }
    }
    return { word, alternatives: [...own, ...alternatives[i]] };
  });
  return { clauses };
}
