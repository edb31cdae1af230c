import { describe, expect, it } from 'vitest';
import { homeFor, isCurrent, navFor, STAFF_NAV } from './nav.ts';

describe('the staff bar', () => {
  it('shows each role only the pages the permission table opens to it', () => {
    const catalogue = ['Products', 'Stock', 'Categories', 'Files', 'Search words', 'Reviews'];
    expect(navFor('owner').map((i) => i.label)).toEqual(['Orders', ...catalogue, 'Reports', 'Staff', 'Audit']);
    expect(navFor('manager').map((i) => i.label)).toEqual(['Orders', ...catalogue, 'Reports']);
    expect(navFor('packer').map((i) => i.label)).toEqual(['Orders']);
    expect(navFor('editor').map((i) => i.label)).toEqual(catalogue);
  });

  it('sends a member after sign-in to the first page their role opens', () => {
    expect(homeFor('packer')).toBe('/staff/orders/');
    expect(homeFor('editor')).toBe('/staff/products/');
  });

  it('marks Products on the list and on one product', () => {
    const products = STAFF_NAV.find((i) => i.label === 'Products')!;
    expect(isCurrent(products, '/staff/products/')).toBe(true);
    expect(isCurrent(products, '/staff/product/')).toBe(true);
    expect(isCurrent(products, '/staff/stock/')).toBe(false);
  });

  it('marks Orders on the orders list and on one order', () => {
    const orders = STAFF_NAV[0];
    expect(isCurrent(orders, '/staff/orders/')).toBe(true);
    expect(isCurrent(orders, '/staff/order/')).toBe(true);
    expect(isCurrent(orders, '/staff/reports/')).toBe(false);
  });
});
