/**
 * A plan (plan.ts) over one product's tokens (tokens.ts): whether it matches, and how well.
 *
 * Each clause is placed by the best field and kind its word is found as, best first:
 *
 * | place | found |
 * |---|---|
 * | 0 | a whole word of the name (or its stem, a joined pair, a dictionary meaning) |
 * | 1 | the start of a word of the name ("milk" in "Milkpak") |
 * | 2 | a word of the name, mistyped ("pampars"), or the meaning of a mistyped dictionary word |
 * | 3 | in the brand |
 * | 4 | in the category's name |
 * | 5 | only in the description |
 *
 * A product matches when every clause has a place. One number orders products like their counts
 * of clauses in each place compared in turn (more in place 0 first, then place 1, …): each clause
 * adds (clauses + 1) to the power (5 − place). src/server/catalog/search.ts writes the same as SQL.
 */
import type { Clause, SearchPlan, WordTest } from './plan.ts';
import type { ProductTokens } from './tokens.ts';

export const PLACES = 6;
/** The place of a word found nowhere. */
export const NOT_FOUND = PLACES;

function hasAny(tokens: readonly string[], wanted: readonly string[]): boolean {
  for (const t of tokens) if (wanted.includes(t)) return true;
  return false;
}

function startsAny(tokens: readonly string[], word: string): boolean {
  for (const t of tokens) if (t.startsWith(word)) return true;
  return false;
}

function foundIn(tokens: readonly string[], test: WordTest, typos: boolean): boolean {
  return hasAny(tokens, test.whole) || (test.prefix && startsAny(tokens, test.word)) || (typos && test.typos.length > 0 && hasAny(tokens, test.typos));
}

/** The place of one word test in a product (NOT_FOUND when it is not there), never better than its floor. */
export function testPlace(tokens: ProductTokens, test: WordTest): number {
  const place = foundPlace(tokens, test);
  return place < test.floor ? test.floor : place;
}

function foundPlace(tokens: ProductTokens, test: WordTest): number {
  if (hasAny(tokens.name, test.whole)) return 0;
  if (test.prefix && startsAny(tokens.name, test.word)) return 1;
  if (test.typos.length > 0 && hasAny(tokens.name, test.typos)) return 2;
  if (foundIn(tokens.brand, test, true)) return 3;
  if (foundIn(tokens.category, test, true)) return 4;
  if (foundIn(tokens.more, test, false)) return 5;
  return NOT_FOUND;
}

/** The best place among a clause's alternatives, each at its worst test's place. */
export function clausePlace(tokens: ProductTokens, clause: Clause): number {
  let best = NOT_FOUND;
  for (const alternative of clause.alternatives) {
    let worst = 0;
    for (const test of alternative) {
      worst = Math.max(worst, testPlace(tokens, test));
      if (worst >= best) break;
    }
    best = Math.min(best, worst);
    if (best === 0) break;
  }
  return best;
}

/** The product's relevance to the plan, or null when it does not match (or the plan has no clauses). */
export function relevanceOf(tokens: ProductTokens, plan: SearchPlan): number | null {
  if (plan.clauses.length === 0) return null;
  const base = plan.clauses.length + 1;
  let score = 0;
  for (const clause of plan.clauses) {
    const place = clausePlace(tokens, clause);
    if (place === NOT_FOUND) return null;
    score += base ** (PLACES - 1 - place);
  }
  return score;
}
