import { describe, expect, it } from 'vitest';
import { addItem, hasItem, removeItem } from './rules.ts';

const ghee = { _id: 'ghee', name: 'Ghee', price: 700, discount: 0, image: '/g.webp', stock: 4 };
const rice = { _id: 'rice', name: 'Rice', price: 300, discount: 20, image: '/r.webp', stock: 0 };

describe('wishlist rules', () => {
  it('adds once and ignores a duplicate silently', () => {
    const one = addItem([], ghee);
    expect(addItem(one, { ...ghee, name: 'changed' })).toEqual([ghee]);
    expect(addItem(one, rice).map((i) => i._id)).toEqual(['ghee', 'rice']);
  });
  it('removes by _id and tells whether an item is there', () => {
    const both = addItem(addItem([], ghee), rice);
    expect(removeItem(both, 'ghee')).toEqual([rice]);
    expect(hasItem(both, 'rice')).toBe(true);
    expect(hasItem(removeItem(both, 'rice'), 'rice')).toBe(false);
  });
});
