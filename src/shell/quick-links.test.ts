import { describe, expect, it } from 'vitest';
import { linkWidth, QUICK_ROOM, quickLinkBreakpoints } from './quick-links.ts';

const categories = ['Fresh & Chilled Food', 'Food Cupboard', 'Bakery', 'Frozen Food', 'Dietary, Lifestyle & World Foods', 'Soft Drinks, Tea & Coffee', 'Beer, Wine & Spirits', 'Health, Beauty & Personal Care'];

describe('quickLinkBreakpoints', () => {
  it('shows a prefix of the list that grows with the width and fits the room', () => {
    const bps = quickLinkBreakpoints(categories);
    const order = ['md', 'lg', 'xl', null];
    // Never a later link shown where an earlier one is not.
    for (let i = 1; i < bps.length; i++) expect(order.indexOf(bps[i])).toBeGreaterThanOrEqual(order.indexOf(bps[i - 1]));
    for (const bp of ['md', 'lg', 'xl'] as const) {
      const shown = categories.filter((_, i) => bps[i] !== null && order.indexOf(bps[i]) <= order.indexOf(bp));
      expect(shown.reduce((sum, n) => sum + linkWidth(n), 0)).toBeLessThanOrEqual(QUICK_ROOM[bp]);
    }
    expect(bps[0]).toBe('md');
    expect(bps.at(-1)).toBeNull();
  });
  it('never shows a name wider than the widest room', () => {
    expect(quickLinkBreakpoints(['x'.repeat(400)])).toEqual([null]);
  });
});
