import { describe, expect, it } from 'vitest';
import type { Catalogue } from './build-data.ts';
import { catalogueRoute } from './page-inputs.ts';

describe('catalogueRoute', () => {
  it('leaves out a page whose params could not be a segment of its address, and keeps the others', () => {
    const names = ['Fresh & Chilled Food', 'Fruit/Veg', 'a/../../tmp/x', '..', '.hidden', 'What?', 'fresh'];
    const route = catalogueRoute(() => names.map((name) => ({ path: `/category/${encodeURIComponent(name)}/`, params: { category: name }, props: { name } })));
    const made = route.pages({} as Catalogue).map((p) => p.params.category);
    expect(made).toEqual(['Fresh & Chilled Food', 'fresh']);
    expect(route.staticPaths({} as Catalogue).map((p) => p.params.category)).toEqual(made);
  });
});
