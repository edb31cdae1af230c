/**
 * The product page's parts made as strings. That they are byte for byte what the components made
 * was checked on every page of a 10,000-product build; these hold what the page's scripts, styles
 * and tests rely on, and that nothing from the catalogue reaches the page unescaped.
 */
import { describe, expect, it } from 'vitest';
import { product } from '../test-products.ts';
import { headlineLineHtml, headlineStarsHtml } from '#components/rating-headline.ts';
import { priceBoxHtml } from './price-box.ts';
import { SHIPPING_HTML } from './shipping-html.ts';
import { buyColumnHtml, galleryHtml, productBreadcrumbsHtml, productTabsHtml, PROMISES_HTML } from './details-html.ts';

const hostile = product(9, {
  name: 'Tea <img src=x onerror=alert(1)> "Special"',
  brand: 'A&B',
  description: '</p><script>alert(1)</script>',
  category: 'Tea & Coffee',
  specifications: [{ name: '<b>Size</b>', value: '"1kg"' }],
  images: ['/images/products/p-009.webp', '/images/products/p-009-alt.webp'],
});

describe("the product page's parts", () => {
  it('escape every value from the catalogue', () => {
    const page = [productBreadcrumbsHtml(hostile), galleryHtml(hostile), buyColumnHtml(hostile), productTabsHtml(hostile)].join('');
    expect(page).not.toContain('<script>');
    // Inside a quoted attribute (its quotes escaped) a < is text, as Astro leaves it; nowhere else.
    expect(page.split('<img src=x').length).toBe(page.split('="Tea <img src=x').length);
    expect(page).not.toContain('<b>Size');
    expect(page).toContain('Tea &lt;img src=x onerror=alert(1)&gt; &quot;Special&quot;</h1>');
    expect(page).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('alt="Tea <img src=x onerror=alert(1)> &quot;Special&quot;, picture 2"');
  });

  it('give the buy box the quantity limits and a sold-out product disabled buttons', () => {
    const low = buyColumnHtml(product(1, { stock: 3 }));
    expect(low).toContain('data-buy-box data-max-qty="3"');
    // A submit outside a dialog does nothing: no reload as ?quantity=1, with or without script.
    expect(low).toContain('<form method="dialog"');
    expect(low).toContain('max="3" value="1"');
    expect(low).toContain('data-max-text>Max 3</span>');
    expect(low).toContain('data-add-to-cart="p-001">Add to Cart</button>');
    const out = buyColumnHtml(product(2, { stock: 0 }));
    expect(out).toContain('class="text-xs text-stone-500 hidden" data-max-text');
    expect(out).toMatch(/disabled data-add-to-cart="p-002">Out of Stock<\/button>/);
    expect(out).toMatch(/disabled data-buy-now="p-002">Buy Now<\/button>/);
  });

  it('show the rating headline, hiding the stars without ratings', () => {
    expect(buyColumnHtml(product(3, { numRatings: 0 }))).toContain('data-headline-stars hidden>');
    expect(buyColumnHtml(product(4, { numRatings: 12, rating: 4 }))).toContain('aria-label="Rated 4.0 out of 5" role="img"');
  });

  it('hold the headline and the price box as the scripts draw them again (rating-headline.ts, price-box.ts)', () => {
    for (const p of [product(4, { numRatings: 12, rating: 4, numWrittenReviews: 3, price: 200, discount: 50 }), product(5, { numRatings: 0, numWrittenReviews: 0 })]) {
      const html = buyColumnHtml(p);
      expect(html).toContain(`data-headline-stars${p.numRatings === 0 ? ' hidden' : ''}>${headlineStarsHtml(p)}</span>`);
      expect(html).toContain(`data-testid="rating-headline">${headlineLineHtml(p)}</p>`);
      expect(html).toContain(`data-price-box>${priceBoxHtml(p)}</div>`);
    }
    expect(headlineLineHtml(product(4, { numRatings: 12, rating: 4, numWrittenReviews: 3 }))).toBe('4.0 (12 ratings) · <a href="#reviews" class="underline-offset-2 hover:text-brand-700 hover:underline">3 reviews</a>');
    expect(priceBoxHtml({ price: 200, discount: 50 })).toContain('data-testid="discount-percent">25% OFF</span>');
    expect(priceBoxHtml({ price: 200, discount: 0 })).not.toContain('discount-percent');
  });

  it('give the gallery a radio and slide a picture (five at most) and thumbnails only for more than one', () => {
    expect(galleryHtml(product(5, { images: ['/images/products/a.webp'] }))).not.toContain('gallery-thumb');
    const many = galleryHtml(product(6, { images: Array.from({ length: 7 }, (_, i) => `/images/products/p${i}.webp`) }));
    expect(many.match(/class="gallery-slide"/g)).toHaveLength(5);
    expect(many.match(/class="gallery-thumb/g)).toHaveLength(5);
    expect(many).toContain('id="gallery-0" class="peer sr-only" checked>');
    expect(many).toContain('fetchpriority="high"');
  });

  it('list the promises', () => {
    expect(PROMISES_HTML.match(/<li /g)).toHaveLength(3);
  });

  it('leave the Shipping panel, the same on every page, for the page\'s script to fill', () => {
    const tabs = productTabsHtml(hostile);
    expect(tabs.match(/class="tab-panel"/g)).toHaveLength(3);
    expect(tabs.match(/data-shipping-panel/g)).toHaveLength(1);
    expect(tabs).toMatch(/<div class="tab-panel" data-shipping-panel><\/div><\/section>$/);
    expect(tabs).not.toContain('Free delivery');
    expect(SHIPPING_HTML).toContain('<li>Free delivery on every order.</li>');
    expect(SHIPPING_HTML).toContain('href="/returns/"');
  });
});
