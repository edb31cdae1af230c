import { describe, expect, it } from 'vitest';
import { asciiLower, containsPattern, searchWords } from './search.ts';

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
