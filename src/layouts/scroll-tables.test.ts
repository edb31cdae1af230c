import { describe, expect, it } from 'vitest';
import { scrollTables } from './scroll-tables.ts';

describe('scrollTables', () => {
  it('puts each table in a focusable region named after the heading above it', () => {
    const html = '<h2 id="a">What we <em>store</em></h2><p>x</p><table><tr><td>1</td></tr></table><h3>Times &amp; "costs"</h3><table class="t"><tr><td>2</td></tr></table>';
    expect(scrollTables(html)).toBe(
      '<h2 id="a">What we <em>store</em></h2><p>x</p>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="What we store"><table><tr><td>1</td></tr></table></div>' +
        '<h3>Times &amp; "costs"</h3>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Times &amp; &quot;costs&quot;"><table class="t"><tr><td>2</td></tr></table></div>',
    );
  });

  it('names a table with no heading above it "Table" and leaves pages without tables alone', () => {
    expect(scrollTables('<table></table>')).toBe('<div class="table-scroll" role="region" tabindex="0" aria-label="Table"><table></table></div>');
    expect(scrollTables('<h2>Hi</h2><p>tablet</p>')).toBe('<h2>Hi</h2><p>tablet</p>');
  });
});
