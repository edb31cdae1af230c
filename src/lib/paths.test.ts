import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hidesChrome, isPageSegment, needsSignIn, paths, TEXT_PAGES } from './paths.ts';

describe('paths', () => {
  it('encodes category names and ids', () => {
    expect(paths.category('Fresh & Chilled Food')).toBe('/category/Fresh%20%26%20Chilled%20Food/');
    expect(paths.categoryPage('bakery', 1)).toBe('/category/bakery/');
    expect(paths.categoryPage('bakery', 3)).toBe('/category/bakery/page/3/');
    expect(paths.product('shan-biryani-masala-50g')).toBe('/product/shan-biryani-masala-50g/');
  });

  it('hides header and footer on sign-in, registration, password reset, checkout, account and cart only', () => {
    for (const path of ['/signin', '/register/', '/forgotpassword', '/passwordreset/abc123', '/checkout', '/checkout-page/', '/account', '/cart/']) {
      expect(hidesChrome(path), path).toBe(true);
    }
    for (const path of ['/', '/category/bakery/', '/product/x/', '/wishlist/', '/about/', '/profile', '/cartoons', '/checkout-pages']) {
      expect(hidesChrome(path), path).toBe(false);
    }
  });
});

describe('the pages only a signed-in shopper has', () => {
  it('are the account (with its order history) and the profile; every other page goes on as a guest\'s', () => {
    for (const path of ['/account', '/account/', '/profile/', '/profile']) expect(needsSignIn(path), path).toBe(true);
    for (const path of ['/', '/product/x/', '/category/bakery/', '/search/', '/cart/', '/wishlist/', '/checkout-page/', '/order/order-status/x/', '/order/success/x/', '/about/', '/accounts/', '/profiles']) {
      expect(needsSignIn(path), path).toBe(false);
    }
  });
});

describe('text pages', () => {
  const pagesDir = fileURLToPath(new URL('../pages', import.meta.url));

  it('are exactly the markdown files of src/pages', () => {
    const files = readdirSync(pagesDir).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
    expect([...TEXT_PAGES].sort()).toEqual(files.sort());
  });

  it('link only to routes paths.ts knows', () => {
    const routes = Object.values(paths).filter((route) => route.length === 0).map((route) => (route as () => string)());
    const known = new Set<string>([...TEXT_PAGES.map((p) => paths.textPage(p)), ...routes]);
    for (const slug of TEXT_PAGES) {
      const text = readFileSync(join(pagesDir, `${slug}.md`), 'utf8');
      for (const [, href] of text.matchAll(/\]\((\/[^)#\s]*)/g)) {
        expect(known.has(href.endsWith('/') ? href : `${href}/`), `${slug}.md links to ${href}`).toBe(true);
      }
    }
  });
});

describe('isPageSegment', () => {
  it('takes the names and ids the store makes pages at', () => {
    for (const s of ['Fresh & Chilled Food', 'Dietary, Lifestyle & World Foods', 'bakery', 'atta-1kg', 'Crème Brûlée', '50% off', 'Snacks. Sweets', 'v1.5']) expect(isPageSegment(s), s).toBe(true);
  });

  it('refuses what would split, escape or climb out of an address, or name a hidden file', () => {
    for (const s of ['', 'Fruit/Veg', 'a/../../tmp/x', 'Tea\\Coffee', '..', '.', '.hidden', 'a..b', 'What?', 'No#1', 'Bad\u0000name', 'Tab\there']) expect(isPageSegment(s), JSON.stringify(s)).toBe(false);
  });
});
