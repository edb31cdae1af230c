import { describe, expect, it } from 'vitest';
import { categories } from '#server/seed/catalogue.ts';
import { FALLBACK_CATEGORY_NAMES } from '#lib/schemas/catalog.ts';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('gives every seeded category its id', () => {
    for (const c of categories) expect(slugify(c.name), c.name).toBe(c._id);
    expect(FALLBACK_CATEGORY_NAMES.map(slugify)).toEqual(categories.map((c) => c._id));
  });

  it('drops accents and apostrophes, separates words at every other sign', () => {
    expect(slugify('Fresh & Chilled Food')).toBe('fresh-chilled-food');
    expect(slugify("Johnson's Baby Oil 125ml")).toBe('johnsons-baby-oil-125ml');
    expect(slugify('Crème Brûlée (2 pcs)')).toBe('creme-brulee-2-pcs');
    expect(slugify('Pepsi 1.5L')).toBe('pepsi-1-5l');
    expect(slugify('  --Dietary, Lifestyle & World Foods--  ')).toBe('dietary-lifestyle-world-foods');
  });

  it('is at most 100 characters and never ends in a dash', () => {
    const slug = slugify(`${'a'.repeat(99)} b`);
    expect(slug).toBe('a'.repeat(99));
    expect(slugify('x'.repeat(150))).toHaveLength(100);
  });
});
