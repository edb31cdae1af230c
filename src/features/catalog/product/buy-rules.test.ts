import { describe, expect, it } from 'vitest';
import { buyNowQuantity, clampQuantity, figuresChange, maxOrderQuantity, NOTICES, pickerMax, pickerStart, quantityNote } from './buy-rules.ts';
import { DEFAULT_MAX_LINE_QUANTITY, lineQuantityCap } from '#lib/line-cap.ts';

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

describe('the picker with the cart holding some', () => {
  it('uses the line cap the store runs with', () => {
    expect(lineQuantityCap()).toBe(DEFAULT_MAX_LINE_QUANTITY);
  });

  it('starts at what the cart holds, and reaches at least that far', () => {
    expect(pickerStart(50, 0)).toBe(1);
    expect(pickerStart(50, 5)).toBe(5);
    expect(pickerMax(50, 5)).toBe(10);
    expect(pickerStart(50, 15)).toBe(15);
    expect(pickerMax(50, 15)).toBe(15);
    expect(pickerMax(50, 20)).toBe(20);
    // Fewer left than the cart holds: the picker stops at the stock.
    expect(pickerMax(3, 5)).toBe(3);
    expect(pickerStart(3, 5)).toBe(3);
    expect(pickerMax(0, 0)).toBe(0);
  });

  it('says what the cart holds, and at the line cap that it is the most sold in one order', () => {
    expect(quantityNote(50, 0)).toBe('Max 10');
    expect(quantityNote(3, 0)).toBe('Max 3');
    expect(quantityNote(50, 5)).toBe('5 in your cart');
    expect(quantityNote(8, 5)).toBe('5 in your cart');
    expect(quantityNote(50, 20)).toBe('You have the most we sell in one order: 20');
    expect(quantityNote(3, 3)).toBe('3 in your cart, all that is left');
    expect(quantityNote(50, 20)).not.toContain('Max 0');
  });
});

describe('buyNowQuantity', () => {
  it('never lowers the line: at least the chosen quantity, never fewer than held', () => {
    expect(buyNowQuantity(50, 0, 3)).toBe(3);
    expect(buyNowQuantity(50, 5, 5)).toBe(5);
    expect(buyNowQuantity(50, 5, 2)).toBe(5);
    expect(buyNowQuantity(50, 5, 8)).toBe(8);
  });
  it('never past the stock or the line cap', () => {
    expect(buyNowQuantity(4, 0, 9)).toBe(4);
    expect(buyNowQuantity(50, 18, 25)).toBe(20);
  });
});
