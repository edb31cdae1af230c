import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './return-path.ts';
import { paths } from './paths.ts';

describe('the page sign-in returns to', () => {
  it('is any path of the store, with its query and fragment', () => {
    for (const path of ['/', '/account/', '/profile/', '/account/#orders-heading', '/search/?q=atta&category=bakery', '/product/shan-biryani-masala-50g/', '/order/order-status/abc/']) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it('is never another site, a scheme, or something a browser could read as either', () => {
    for (const raw of [
      '//evil.com',
      '//evil.com/account/',
      '///evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/\\/evil.com',
      'https://evil.com/',
      'http:evil.com',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.com',
      'account/',
      ' /account/',
      '/\t/evil.com',
      '/\n/evil.com',
    ]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeUndefined();
    }
  });

  it('is nothing when absent, empty or longer than any page', () => {
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath('')).toBeUndefined();
    expect(safeReturnPath(`/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`)).toBeUndefined();
  });

  it('is never a sign-in page itself (it would ask again)', () => {
    for (const path of ['/signin/', '/signin/?next=%2Faccount%2F', '/register/', '/forgotpassword/', '/passwordreset/abc']) {
      expect(safeReturnPath(path), path).toBeUndefined();
    }
  });

  it('travels in the sign-in link as a query parameter, read back as given', () => {
    const link = paths.signin('/account/?tab=orders#orders-heading');
    expect(link).toBe('/signin/?next=%2Faccount%2F%3Ftab%3Dorders%23orders-heading');
    expect(safeReturnPath(new URL(link, 'https://kiryana.pk').searchParams.get('next'))).toBe('/account/?tab=orders#orders-heading');
    expect(paths.signin()).toBe('/signin/');
  });
});
