import { describe, expect, it } from 'vitest';
import { FALLBACK_CATEGORY_NAMES } from '#lib/schemas/catalog.ts';
import { navLinks } from './build-data.ts';

describe('navigation categories', () => {
  it("links the API's categories by id", () => {
    expect(navLinks([{ _id: 'bakery', name: 'Bakery', description: '', images: [], productCount: 3 }])).toEqual([{ name: 'Bakery', href: '/category/bakery/' }]);
  });

  it('falls back to the 13 built-in names, linked by name, when none load', () => {
    const links = navLinks([]);
    expect(links).toHaveLength(13);
    expect(links.map((l) => l.name)).toEqual([...FALLBACK_CATEGORY_NAMES]);
    expect(links[4]).toEqual({ name: 'Dietary, Lifestyle & World Foods', href: '/category/Dietary%2C%20Lifestyle%20%26%20World%20Foods/' });
  });
});
