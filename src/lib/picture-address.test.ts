import { describe, expect, it } from 'vitest';
import { isOwnPicture, isPictureAddress, notAPicture, pictureAddresses } from './picture-address.ts';

describe('picture addresses', () => {
  it('takes the store’s own pictures and https: addresses', () => {
    for (const src of ['/images/products/atta-1kg.webp', '/images/categories/up-0123456789abcdef-320.avif', '/images/logo.svg', 'https://cdn.example.com/a.webp', 'HTTPS://cdn.example.com/a%20b.webp?w=400']) {
      expect(isPictureAddress(src), src).toBe(true);
    }
  });

  it('refuses scripts, other schemes, addresses of another site without https, climbing paths and odd characters', () => {
    for (const src of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.webp',
      '/\\evil.example/x.webp',
      'http://cdn.example.com/a.webp',
      'https://user:pass@cdn.example.com/a.webp',
      'https:// cdn.example.com/a.webp',
      'https://cdn.example.com/a b.webp',
      '/images/../../etc/passwd',
      '/images/products/..',
      '/images/',
      '/images//x.webp',
      '/img/a.webp',
      'images/a.webp',
      '/images/a.webp\n',
      '',
      `/images/${'a'.repeat(2000)}.webp`,
    ]) {
      expect(isPictureAddress(src), JSON.stringify(src)).toBe(false);
    }
    expect(isOwnPicture('https://cdn.example.com/a.webp')).toBe(false);
  });

  it('keeps only the addresses a page may name, in their order, and names a refused one in its words', () => {
    expect(pictureAddresses(['javascript:alert(1)', '/images/a.webp', '//evil.example/x.webp', 'https://cdn.example.com/b.webp'])).toEqual(['/images/a.webp', 'https://cdn.example.com/b.webp']);
    expect(notAPicture('//evil.example/x.webp')).toBe("'//evil.example/x.webp' is not a picture of the store (/images/…) or an https:// address");
  });
});
