import { describe, expect, it } from 'vitest';
import { appOn } from '#server/test/catalog-api.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { asciiLower, containsPattern, expandPrefixes, searchWords } from './search.ts';

describe('searchWords', () => {
  it('splits on any whitespace, drops blanks and repeats, lowercases ASCII', () => {
    expect(searchWords('  Basmati\tRICE \n basmati ')).toEqual(['basmati', 'rice']);
  });
  it('gives no words for a missing, empty or blank term', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(' \t ')).toEqual([]);
  });
  it('keeps punctuation and LIKE characters inside words', () => {
    expect(searchWords('100% snake_case a\\b')).toEqual(['100%', 'snake_case', 'a\\b']);
  });
});

describe('asciiLower', () => {
  it('folds A-Z only, as lower(x collate "C") does on every database', () => {
    expect(asciiLower('Crème BRÛLÉE Ä')).toBe('crème brÛlÉe Ä');
  });
});

describe('containsPattern', () => {
  it('wraps the word in % and escapes %, _ and the escape character', () => {
    expect(containsPattern('milk')).toBe('%milk%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});

describe.each(testDatabases)('hostile search terms on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const status = async (term: string) => (await appOn(database()).request(`/api/products?q=${encodeURIComponent(term)}`)).status;

  it.each([
    ['LIKE and regular-expression characters', ['%', '_', '\\', '%%', '\\%', 'a_b', '.*', '(', '[', '^$', 'tea+', '%milk%']],
    ['quotes and SQL', ["'", '"', "''", "milk'; drop table products; --", '"{}"', '{null}', 'null', 'NULL', '{a,b}']],
    ['emoji, right-to-left marks and joiners', ['😀', '😀 milk', '\u200fmilk\u200f', '\u202eklim', 'چا\u200cول', '\u0640\u0640', '\ufeff']],
    ['many words', [Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ').slice(0, 200), 'a '.repeat(100), 'milk '.repeat(40)]],
  ])('%s: 200, never 500', async (_, terms) => {
    for (const term of terms) expect(await status(term), JSON.stringify(term)).toBe(200);
  });

  it('a term longer than the API takes, or with a NUL, is refused (400)', async () => {
    expect(await status('x'.repeat(10_000))).toBe(400);
    expect(await status('milk\u0000')).toBe(400);
  });

  it('expands prefixes from search_terms in one query, by byte order (a word is a prefix of itself)', async () => {
    const expanded = await expandPrefixes(database().db, ['mil', 'tap', 'zzzq']);
    expect(expanded.get('mil')).toEqual(expect.arrayContaining(['milk']));
    expect(expanded.get('tap')).toEqual(expect.arrayContaining(['tapal', 'tapaldanedar']));
    expect(expanded.get('zzzq')).toEqual([]);
  });
});
