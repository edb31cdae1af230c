import { describe, expect, it } from 'vitest';
import { changedControls, pageFilters } from './controls-form.ts';
import { PRICE_STEPS } from './listing-filters.ts';

/** A controls form as the page holds it: its fields by name, with their values (a missing field is not rendered). */
function form(fields: Record<string, string>): HTMLFormElement {
  return { elements: { namedItem: (name: string) => (name in fields ? { value: fields[name] } : null) } } as unknown as HTMLFormElement;
}

describe('changedControls', () => {
  it('is nothing for the page as built, or no form', () => {
    expect(changedControls(form({ sort: 'newest', view: 'grid' }))).toEqual({});
    expect(changedControls(null)).toEqual({});
  });
  it('names the fields that left their default, the price as its slider stop', () => {
    expect(changedControls(form({ sort: 'price-asc', view: 'list' }))).toEqual({ sort: 'price-asc', view: 'list' });
    expect(changedControls(form({ sort: 'newest', view: 'grid', maxPrice: '3', rating: '4' }))).toEqual({ maxPrice: PRICE_STEPS[3], rating: 4 });
  });
  it('ignores a foreign value', () => {
    expect(changedControls(form({ sort: 'cheapest', view: 'table' }))).toEqual({});
  });
});

describe('pageFilters', () => {
  it('is the URL with what the shopper set on the controls over it', () => {
    expect(pageFilters(form({ sort: 'newest', view: 'list' }), '?sort=rating&rating=2')).toEqual({ sort: 'rating', maxPrice: 1_000_000, rating: 2, view: 'list' });
    expect(pageFilters(form({ sort: 'name-asc', view: 'grid' }), '?sort=rating')).toMatchObject({ sort: 'name-asc' });
  });
});
