/**
 * Typos: a word a shopper mistyped still finds what it meant. One slip (a letter added, missing,
 * wrong, or two neighbours swapped) is forgiven in a word of 4 to 7 characters, two in a longer
 * one, none in a shorter one: "pampars" finds Pampers, "bananna" Bananas, and "tea" never matches
 * "pea". Edits are counted as the optimal string alignment distance (Damerau–Levenshtein where no
 * part is edited twice), by UTF-16 units: Urdu script letters are one unit each.
 */

/** How many edits a word may be away from what it finds. */
export function allowedEdits(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/** The edit distance between `a` and `b` when it is at most `max`, otherwise `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[n], max + 1);
}
