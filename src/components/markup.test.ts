/**
 * The shared pieces of markup (stars.ts, price.ts, picture.ts, icons.ts): the two forms of the stars are the
 * same stars, and what the pages' scripts look for is there.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS, iconHtml, type IconName } from './icons.ts';
import { LineIcon } from './LineIcon.tsx';
import { pictureHtml } from './picture.ts';
import { priceHtml } from './price.ts';
import { starsHtml, starsImageHtml } from './stars.ts';

describe('stars', () => {
  it('are one labelled image either way, with the gold layer at the rating', () => {
    for (const size of ['sm', 'md'] as const) {
      const boxed = starsHtml(4.3, size);
      const image = starsImageHtml(4.3, size);
      expect(boxed).toContain('aria-label="Rated 4.3 out of 5" role="img"');
      expect(image).toMatch(/^<span class="stars text-(sm|lg)" role="img" aria-label="Rated 4.3 out of 5">/);
      // The same glyphs: in the box the box is the image, and the glyphs are hidden from assistive technology.
      const label = ' role="img" aria-label="Rated 4.3 out of 5"';
      expect(boxed).toBe(`<span class="inline-flex items-center gap-1" aria-label="Rated 4.3 out of 5" role="img">${image.replace(label, ' aria-hidden="true"')}</span>`);
      expect(image).toContain('<span class="stars-front" style="width:86%">★★★★★</span>');
    }
    expect(starsImageHtml(9)).toContain('width:100%');
    expect(starsImageHtml(-1)).toContain('width:0%');
  });
});

describe('price', () => {
  it('shows the sale price and strikes the original only when discounted', () => {
    expect(priceHtml(200, 50)).toBe('<span class="inline-flex flex-wrap items-baseline gap-x-2"><span class="font-semibold text-stone-900" data-testid="price">Rs. 150</span><s class="price-was text-xs"><span class="sr-only">Was </span>Rs. 200</s></span>');
    expect(priceHtml(200, 0, 'lg')).toBe('<span class="inline-flex flex-wrap items-baseline gap-x-2"><span class="text-2xl font-bold text-stone-900" data-testid="price">Rs. 200</span></span>');
  });
});

describe('picture', () => {
  it('gives our artwork AVIF and WebP widths, a foreign URL a plain <img>, and escapes attributes', () => {
    const ours = pictureHtml({ src: '/images/products/p-007.webp', alt: 'Tea "Special" & co', sizes: '80px' });
    expect(ours).toMatch(/^<picture><source type="image\/avif" srcset="[^"]+" sizes="80px"><source type="image\/webp"/);
    expect(ours).toContain('alt="Tea &quot;Special&quot; &amp; co"');
    expect(ours).toContain('loading="lazy"');
    const foreign = pictureHtml({ src: 'https://example.com/a.jpg', alt: '', sizes: '80px' });
    expect(foreign).not.toContain('<source');
    expect(foreign).toContain('<img src="https://example.com/a.jpg" alt ');
  });

  it('loads an eager picture first unless told it is not the first', () => {
    const args = { src: '/images/products/p-007.webp', alt: '', sizes: '80px', eager: true };
    expect(pictureHtml(args)).toContain('loading="eager" fetchpriority="high"');
    expect(pictureHtml({ ...args, priority: false })).not.toContain('fetchpriority');
  });
});

describe('icons', () => {
  it('are the same markup from iconHtml and from the islands’ LineIcon', () => {
    for (const name of Object.keys(ICON_PATHS) as IconName[]) {
      expect(iconHtml(name, 'h-7 w-7')).toBe(renderToStaticMarkup(createElement(LineIcon, { name, className: 'h-7 w-7' })));
    }
  });
});
