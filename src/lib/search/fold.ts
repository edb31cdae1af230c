/**
 * How search reads text, whoever typed it: the shop's names ("Nescafé", "K&N's", "Coca-Cola") and
 * a shopper's words ("nescafe", "kn", "coca cola", "چاول"). Both sides go through the same folding,
 * so only letters and digits are compared. Pure; the API's SQL search, the suggestions and the
 * search page all use it (src/lib/search/).
 *
 * - Accents and other combining marks go (é → e; in Urdu script the vowel signs, madda and hamza
 *   above: آٹا is typed both ways); the Arabic forms of ی, ک and ہ that Arabic keyboards type
 *   become the Urdu letters; invisible joiners and the tatweel (a stretching stroke) go.
 * - Apostrophes and `&` inside a word join its parts: K&N's → kns, Olper's → olpers.
 * - Case is folded (toLowerCase: the same in every browser and in Node).
 * - Anything else that is not a letter or a digit separates words: coca-cola → coca cola, 1.5L → 1 5l.
 */

const MARKS = /\p{M}/gu;
/** Zero-width non-joiner and joiner, the word joiner, soft hyphen, byte-order mark, tatweel. */
const INVISIBLE = /[\u200c\u200d\u2060\u00ad\ufeff\u0640]/g;
/** Characters that join the parts of one word rather than separating two. */
const JOINERS = /['’‘`´&]/g;
const ARABIC_TO_URDU: Record<string, string> = { ي: 'ی', ى: 'ی', ك: 'ک', ه: 'ہ', ة: 'ہ' };
const ARABIC_FORMS = /[يىكهة]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The text as search compares it: marks, joiners and case folded; separators kept (see words()). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(INVISIBLE, '')
    .replace(ARABIC_FORMS, (c) => ARABIC_TO_URDU[c])
    .replace(JOINERS, '')
    .toLowerCase();
}

/** The folded words of a text, in order (repeats kept: a phrase's words are read in order). */
export function words(text: string): string[] {
  return fold(text).split(SEPARATORS).filter(Boolean);
}

const LATIN_WORD = /^[a-z]+$/;

/**
 * The singular of a simple English plural, for Latin words of four letters or more; any other word
 * unchanged. batteries → battery, tomatoes → tomato, boxes → box, eggs → egg, biscuits → biscuit.
 * A final s after s, u or i stays (glass, citrus, kiwis is left as it is, rare), and so does one in a
 * word of three letters (gas, bus). Both sides are stemmed the same way, so a rough stem is harmless.
 */
export function stem(word: string): string {
  if (word.length < 4 || !LATIN_WORD.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:s|x|z|ch|sh|o)es$/.test(word) && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !/[sui]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words of a description that say nothing a shopper searches for; names, brands and categories keep them. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'about after all also and any are but can each every for from has have into its just more most not off once one only our out over per some such than that the their them then there these they this those too very was way what when which while who will with you your'.split(
    ' ',
  ),
);

/** Whether a description word is kept for search: three characters or more and not a stop word. */
export function keepsDescriptionWord(word: string): boolean {
  return word.length >= 3 && !STOP_WORDS.has(word);
}
