import { describe, expect, it } from 'vitest';
import { haystackOf, matchesTerm, matchesWords, searchWords } from './search-match.ts';

const atta = { name: 'Sunridge Chakki Atta 5kg', description: 'Whole wheat flour, stone ground.', category: 'Food Cupboard', brand: 'Sunridge' };

describe('searchWords', () => {
  it('splits on any whitespace and lowercases', () => {
    expect(searchWords('  Chakki\tATTA \n 5kg ')).toEqual(['chakki', 'atta', '5kg']);
  });
  it('is empty for a blank term', () => {
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('')).toEqual([]);
  });
});

describe('matchesTerm', () => {
  it('needs every word, in any order, in any of the four fields', () => {
    expect(matchesTerm(atta, 'atta sunridge')).toBe(true);
    expect(matchesTerm(atta, 'WHEAT cupboard')).toBe(true);
    expect(matchesTerm(atta, 'atta rice')).toBe(false);
  });
  it('matches substrings, ignoring case', () => {
    expect(matchesTerm(atta, 'chak')).toBe(true);
    expect(matchesTerm(atta, 'GROUND.')).toBe(true);
  });
  it('reads name, description, category and brand', () => {
    expect(matchesTerm({ ...atta, name: 'x' }, 'chakki')).toBe(false);
    expect(matchesTerm(atta, 'flour')).toBe(true);
    expect(matchesTerm(atta, 'food')).toBe(true);
    expect(matchesTerm({ ...atta, name: 'Atta' }, 'sunridge')).toBe(true);
  });
  it('never matches a word across two fields', () => {
    // The name ends in "5kg" and the description starts with "whole": "5kgwhole" is in neither.
    expect(matchesTerm(atta, '5kgwhole')).toBe(false);
    expect(haystackOf(atta).split('\n')).toHaveLength(4);
  });
  it('an empty word list matches everything (callers decide what a blank term shows)', () => {
    expect(matchesWords('anything', [])).toBe(true);
  });
});
