import { describe, expect, it } from 'vitest';
import { isPrintable, matchIndex, moveIndex, typeAhead, TYPE_AHEAD_RESET_MS } from './menu-keys.ts';

const labels = ['Bakery', 'Baby, Parent & Kids', 'Beer, Wine & Spirits', 'Food Cupboard', 'Frozen Food', 'Fresh & Chilled Food'];

describe('moveIndex', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(moveIndex('ArrowDown', 0, 3)).toBe(1);
    expect(moveIndex('ArrowDown', 2, 3)).toBe(0);
    expect(moveIndex('ArrowUp', 0, 3)).toBe(2);
    expect(moveIndex('ArrowUp', 2, 3)).toBe(1);
  });
  it('jumps to the first and last with Home and End', () => {
    expect(moveIndex('Home', 2, 5)).toBe(0);
    expect(moveIndex('End', 0, 5)).toBe(4);
  });
  it('ignores other keys and empty menus', () => {
    expect(moveIndex('a', 0, 3)).toBeUndefined();
    expect(moveIndex('ArrowDown', 0, 0)).toBeUndefined();
  });
});

describe('matchIndex', () => {
  it('finds the next label starting with the text, wrapping, ignoring case', () => {
    expect(matchIndex(labels, 'f', 0)).toBe(3);
    expect(matchIndex(labels, 'F', 4)).toBe(4);
    expect(matchIndex(labels, 'b', 3)).toBe(0);
    expect(matchIndex(labels, 'fro', 0)).toBe(4);
    expect(matchIndex(labels, 'x', 0)).toBe(-1);
  });
});

describe('typeAhead', () => {
  it('builds a word from quick keys and narrows the match', () => {
    const t = typeAhead();
    expect(t.next('f', 0, -1, labels)).toBe(3);
    expect(t.next('r', 100, 3, labels)).toBe(4);
    expect(t.next('e', 200, 4, labels)).toBe(5);
    expect(t.text).toBe('fre');
  });
  it('cycles through the items with one repeated letter', () => {
    const t = typeAhead();
    expect(t.next('b', 0, -1, labels)).toBe(0);
    expect(t.next('b', 100, 0, labels)).toBe(1);
    expect(t.next('b', 200, 1, labels)).toBe(2);
    expect(t.next('b', 300, 2, labels)).toBe(0);
  });
  it(`starts over after ${TYPE_AHEAD_RESET_MS} ms without a key`, () => {
    const t = typeAhead();
    t.next('f', 0, -1, labels);
    expect(t.next('b', TYPE_AHEAD_RESET_MS - 1, 3, labels)).toBe(3); // "fb" matches nothing: stays
    expect(t.next('b', 2 * TYPE_AHEAD_RESET_MS + 10, 3, labels)).toBe(0);
    expect(t.text).toBe('b');
  });
  it('stays put when nothing matches', () => {
    expect(typeAhead().next('z', 0, 2, labels)).toBe(2);
  });
});

describe('isPrintable', () => {
  const key = (k: string, mods = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  it('accepts letters and digits, not space, named keys or shortcuts', () => {
    expect(isPrintable(key('a'))).toBe(true);
    expect(isPrintable(key('7'))).toBe(true);
    expect(isPrintable(key(' '))).toBe(false);
    expect(isPrintable(key('ArrowDown'))).toBe(false);
    expect(isPrintable(key('c', { ctrlKey: true }))).toBe(false);
  });
});
