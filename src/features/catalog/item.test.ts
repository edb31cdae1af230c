import { describe, expect, it } from 'vitest';
import { itemData, itemOf } from './item.ts';

const product = { _id: 'atta-5kg', name: 'Atta 5kg', price: 1000, discount: 100, images: ['/images/products/atta-5kg.webp'], image: '/old.webp', stock: 4, rating: 4.5 };

describe('itemOf', () => {
  it('keeps the fields a card shows, the first image before the old single one', () => {
    expect(itemOf(product)).toEqual({ _id: 'atta-5kg', name: 'Atta 5kg', price: 1000, discount: 100, image: '/images/products/atta-5kg.webp', stock: 4 });
  });
  it('falls back to the single image when the product has no images', () => {
    expect(itemOf({ ...product, images: [] }).image).toBe('/old.webp');
  });

  it('carries the figures the markup does not show as they are: price, discount and stock', () => {
    expect(itemData(product)).toBe('1000 100 4');
    expect(itemData({ price: 5, discount: 0, stock: -2 })).toBe('5 0 -2');
  });
});
