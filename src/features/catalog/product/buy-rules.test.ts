import { describe, expect, it } from 'vitest';
import { clampQuantity, figuresChange, maxOrderQuantity, NOTICES } from './buy-rules.ts';

describe('maxOrderQuantity', () => {
  it('caps the details-page quantity at the smaller of 10 and the stock', () => {
    expect(maxOrderQuantity(3)).toBe(3);
    expect(maxOrderQuantity(50)).toBe(10);
    expect(maxOrderQuantity(0)).toBe(0);
  });
});

describe('clampQuantity', () => {
  it('keeps 1..max', () => {
    expect(clampQuantity(3, 10)).toBe(3);
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-4, 10)).toBe(1);
    expect(clampQuantity(11, 10)).toBe(10);
    expect(clampQuantity(7, 4)).toBe(4);
  });
  it('reads typed text, dropping fractions and rubbish', () => {
    expect(clampQuantity('6', 10)).toBe(6);
    expect(clampQuantity('2.9', 10)).toBe(2);
    expect(clampQuantity('', 10)).toBe(1);
    expect(clampQuantity('abc', 10)).toBe(1);
    expect(clampQuantity('99', 3)).toBe(3);
  });
  it('reads 1 when nothing can be bought', () => {
    expect(clampQuantity(5, 0)).toBe(1);
  });
});

describe('figuresChange', () => {
  const built = { price: 500, discount: 50, stock: 40 };
  it('says nothing when nothing changed', () => {
    expect(figuresChange(built, built)).toEqual({ priceChanged: false, stockChanged: false, maxQuantity: 10, notices: [] });
  });
  it("says first that figures from the offline copy may be out of date, changed or not", () => {
    expect(figuresChange(built, built, { offlineCopy: true }).notices).toEqual([NOTICES.offlineCopy]);
    expect(figuresChange(built, { ...built, price: 550 }, { offlineCopy: true }).notices).toEqual([NOTICES.offlineCopy, NOTICES.price]);
  });
  it('notices a new price or discount', () => {
    expect(figuresChange(built, { ...built, price: 550 }).notices).toEqual([NOTICES.price]);
    expect(figuresChange(built, { ...built, discount: 0 }).priceChanged).toBe(true);
  });
  it('notices a sell-out and a return to stock', () => {
    const out = figuresChange(built, { ...built, stock: 0 });
    expect(out).toMatchObject({ stockChanged: true, maxQuantity: 0, notices: [NOTICES.soldOut] });
    expect(figuresChange({ ...built, stock: 0 }, { ...built, stock: 7 })).toMatchObject({ maxQuantity: 7, notices: [NOTICES.backInStock] });
  });
  it('notices stock the shopper can see change (low stock, a lower maximum), not 40 → 38', () => {
    expect(figuresChange(built, { ...built, stock: 38 })).toMatchObject({ stockChanged: true, maxQuantity: 10, notices: [] });
    expect(figuresChange(built, { ...built, stock: 3 })).toMatchObject({ maxQuantity: 3, notices: [NOTICES.stock] });
    expect(figuresChange({ ...built, stock: 8 }, { ...built, stock: 6 }).notices).toEqual([NOTICES.stock]);
  });
  it('lists both when price and stock changed', () => {
    expect(figuresChange(built, { price: 450, discount: 0, stock: 0 }).notices).toEqual([NOTICES.price, NOTICES.soldOut]);
  });
});
