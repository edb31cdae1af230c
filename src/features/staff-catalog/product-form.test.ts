/** The product form's pure logic: what it sends (only the changed fields), what it checks, and a conflict's view and values. */
import { describe, expect, it } from 'vitest';
import { changedFields, conflictRows, EMPTY_VALUES, inputOf, problemsOf, rebase, valuesOf } from './product-form.ts';
import type { StaffProduct } from './product-types.ts';

const stored: StaffProduct = {
  _id: 'atta-1kg',
  name: 'Atta 1kg',
  description: 'Chakki atta',
  category: 'Food Cupboard',
  categoryId: 'cupboard',
  brand: 'Sunridge',
  price: 150,
  discount: 10,
  stock: 5,
  images: ['/images/products/atta.webp'],
  specifications: [{ name: 'Weight', value: '1 kg' }],
  onSale: true,
  version: 3,
  updatedAt: '2026-11-28T03:00:00.000Z',
  numRatings: 0,
  rating: 0,
};
const categories = [
  { _id: 'cupboard', name: 'Food Cupboard' },
  { _id: 'bakery', name: 'Bakery' },
];
const base = valuesOf(stored);

describe('changedFields', () => {
  it('is empty when nothing changed, whatever the spaces around a name', () => {
    expect(changedFields(base, base)).toEqual({});
    expect(changedFields(base, { ...base, name: ' Atta 1kg ' })).toEqual({});
  });

  it('names only the fields the editor changed, as the API takes them', () => {
    expect(changedFields(base, { ...base, name: 'Atta 1 kg', price: '160' })).toEqual({ name: 'Atta 1 kg', price: 160 });
    expect(changedFields(base, { ...base, category: 'bakery', specifications: [] })).toEqual({ category: 'bakery', specifications: [] });
    expect(changedFields(base, { ...base, stock: '' })).toEqual({ stock: 0 });
  });

  it('sends a figure it cannot read as typed, for the API to say why', () => {
    expect(changedFields(base, { ...base, price: 'lots' })).toEqual({ price: 'lots' });
  });
});

describe('problemsOf', () => {
  it('says the importer words of each wrong field; a stored product has its id already', () => {
    expect(problemsOf(base, categories, false)).toEqual({});
    expect(problemsOf({ ...base, name: ' ', price: '0', stock: '1.5' }, categories, false)).toEqual({ name: 'is required', price: 'must be above 0', stock: 'must be a whole number' });
    expect(problemsOf({ ...base, discount: '200' }, categories, false)).toEqual({ discount: 'must not be above the price (150)' });
  });

  it('asks a new product for its id and category', () => {
    expect(problemsOf(EMPTY_VALUES, categories, true)).toEqual({ _id: 'must be lowercase letters, digits and dashes', name: 'is required', category: 'is required', price: 'must be above 0' });
    expect(problemsOf({ ...EMPTY_VALUES, _id: 'Bad Id' }, categories, true)._id).toBe('must be lowercase letters, digits and dashes');
  });
});

describe('a conflict', () => {
  // Another editor changed the price and the stock (a sale); this one changed the name and the stock.
  const theirs = valuesOf({ ...stored, price: 140, stock: 4, version: 4 });
  const typed = { ...base, name: 'Atta 1 kg', stock: '20' };

  it('shows each field either changed, what is stored beside what was typed', () => {
    expect(conflictRows(base, typed, theirs, categories)).toEqual([
      { field: 'name', label: 'Name', stored: 'Atta 1kg', typed: 'Atta 1 kg', mine: true, theirs: false },
      { field: 'price', label: 'Price (Rs.)', stored: '140', typed: '150', mine: false, theirs: true },
      { field: 'stock', label: 'Stock', stored: '4', typed: '20', mine: true, theirs: true },
    ]);
  });

  it('keeps what was typed over the stored product, so saving again loses neither change', () => {
    const again = rebase(base, typed, theirs);
    expect(again).toEqual({ ...theirs, name: 'Atta 1 kg', stock: '20' });
    expect(changedFields(theirs, again)).toEqual({ name: 'Atta 1 kg', stock: 20 });
  });

  it('names categories and lists as words', () => {
    const rows = conflictRows(base, { ...base, category: 'bakery' }, { ...base, specifications: [] }, categories);
    expect(rows.map((r) => [r.field, r.stored, r.typed])).toEqual([
      ['category', 'Food Cupboard', 'Bakery'],
      ['specifications', 'none', 'Weight: 1 kg'],
    ]);
  });
});

describe('inputOf', () => {
  it('is the row the importer would read: trimmed text, figures as numbers, blanks as none', () => {
    expect(inputOf({ ...EMPTY_VALUES, _id: ' tea ', name: ' Tea ', category: 'bakery', price: ' 99 ', discount: '', stock: '' })).toMatchObject({ _id: 'tea', name: 'Tea', price: 99, discount: 0, stock: 0 });
  });
});
