import { describe, expect, it } from 'vitest';
import { filterEntries, joinList, missText, splitList } from './search-words.ts';

const entry = (id: number, words: string[], means: string[]) => ({ id, words, means, version: 1, updatedAt: '2026-11-27T10:00:00.000Z', updatedBy: null });

describe('the search words page’s rules', () => {
  it('reads a typed list on commas, Urdu’s comma and new lines, and writes it back', () => {
    expect(splitList(' chawal, chaawal،چاول\n\n basmati ,')).toEqual(['chawal', 'chaawal', 'چاول', 'basmati']);
    expect(splitList('cold drink')).toEqual(['cold drink']);
    expect(joinList(['cold drink', 'botal'])).toBe('cold drink, botal');
  });

  it('filters the dictionary as search folds words', () => {
    const list = [entry(1, ['chawal', 'چاول'], ['rice']), entry(2, ['Nescafé'], ['coffee']), entry(3, ['doodh'], ['milk'])];
    expect(filterEntries(list, '  ').map((e) => e.id)).toEqual([1, 2, 3]);
    expect(filterEntries(list, 'RICE').map((e) => e.id)).toEqual([1]);
    expect(filterEntries(list, 'nescafe').map((e) => e.id)).toEqual([2]);
    expect(filterEntries(list, 'چاول').map((e) => e.id)).toEqual([1]);
    expect(filterEntries(list, 'zzz')).toEqual([]);
  });

  it('says a miss in words, in Pakistan time', () => {
    expect(missText({ term: 'gajar', searches: 3, firstAt: '2026-11-27T10:00:00Z', lastAt: '2026-11-27T11:05:00Z' })).toMatch(/^Searched 3 times, last 27 Nov 2026, 4:05\s?(pm|PM)$/);
    expect(missText({ term: 'gajar', searches: 1, firstAt: '2026-11-27T10:00:00Z', lastAt: '2026-11-27T10:00:00Z' })).toMatch(/^Searched once, last/);
  });
});
