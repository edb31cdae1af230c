import { describe, expect, it } from 'vitest';
import { navigates } from './spinner.ts';

const here = { href: 'https://shop.test/about/', origin: 'https://shop.test', pathname: '/about/', search: '' } as Location;
const link = (href: string, attrs: { target?: string; download?: boolean } = {}) =>
  ({ href: new URL(href, here.href).href, target: attrs.target ?? '', hasAttribute: (name: string) => name === 'download' && !!attrs.download }) as unknown as HTMLAnchorElement;
const click = (mods: Partial<MouseEvent> = {}) => ({ defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...mods }) as MouseEvent;

describe('navigates', () => {
  it('is true for a plain click on another page of the store', () => {
    expect(navigates(link('/cart/'), click(), here)).toBe(true);
    expect(navigates(link('/about/?page=2'), click(), here)).toBe(true);
  });
  it('is false for a fragment on this page, another site, a new tab or a download', () => {
    expect(navigates(link('/about/#team'), click(), here)).toBe(false);
    expect(navigates(link('https://www.facebook.com/kiryana.pk'), click(), here)).toBe(false);
    expect(navigates(link('/cart/', { target: '_blank' }), click(), here)).toBe(false);
    expect(navigates(link('/cart/', { download: true }), click(), here)).toBe(false);
  });
  it('is false for modified or middle clicks and clicks a script cancelled', () => {
    expect(navigates(link('/cart/'), click({ ctrlKey: true }), here)).toBe(false);
    expect(navigates(link('/cart/'), click({ metaKey: true }), here)).toBe(false);
    expect(navigates(link('/cart/'), click({ button: 1 }), here)).toBe(false);
    expect(navigates(link('/cart/'), click({ defaultPrevented: true }), here)).toBe(false);
  });
});
