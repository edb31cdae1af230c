import { describe, expect, it } from 'vitest';
import { hidesChrome, paths } from './paths.ts';

describe('paths', () => {
  it('encodes category names and ids', () => {
    expect(paths.category('Fresh & Chilled Food')).toBe('/category/Fresh%20%26%20Chilled%20Food/');
    expect(paths.categoryPage('bakery', 1)).toBe('/category/bakery/');
    expect(paths.categoryPage('bakery', 3)).toBe('/category/bakery/page/3/');
    expect(paths.product('shan-biryani-masala-50g')).toBe('/product/shan-biryani-masala-50g/');
  });

  it('hides header and footer exactly on the routes SPEC.md lists', () => {
    for (const path of ['/signin', '/register/', '/forgotpassword', '/passwordreset/abc123', '/checkout', '/checkout-page/', '/account', '/cart/']) {
      expect(hidesChrome(path), path).toBe(true);
    }
    for (const path of ['/', '/category/bakery/', '/product/x/', '/wishlist/', '/about/', '/profile', '/cartoons', '/checkout-pages']) {
      expect(hidesChrome(path), path).toBe(false);
    }
  });
});
