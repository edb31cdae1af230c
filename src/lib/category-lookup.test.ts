import { describe, expect, it } from 'vitest';
import { categoryLookup } from './category-lookup.ts';

describe('categoryLookup', () => {
  const find = categoryLookup([
    { _id: 'fresh', name: 'Fresh & Chilled Food' },
    { _id: 'cupboard', name: 'Food Cupboard' },
    { _id: 'bakery', name: 'fresh' },
  ]);

  it('finds a category by id, or by name in any case', () => {
    expect(find('cupboard')).toBe('cupboard');
    expect(find('Food Cupboard')).toBe('cupboard');
    expect(find('FOOD cupboard')).toBe('cupboard');
  });

  it('prefers an exact id over a name', () => {
    expect(find('fresh')).toBe('fresh');
    expect(find('Fresh')).toBe('bakery');
  });

  it('finds nothing for an unknown reference or an id in another case', () => {
    expect(find('Nope')).toBeUndefined();
    expect(find('CUPBOARD')).toBeUndefined();
    expect(find('')).toBeUndefined();
  });
});
