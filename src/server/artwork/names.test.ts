import { describe, expect, it } from 'vitest';
import { areVariants, labelText, packParts, productLine } from './names.ts';

describe('pack size and count in a name', () => {
  it.each([
    ['Pepsi 1.5L', ['1.5L']],
    ['Shan Biryani Masala 50g', ['50g']],
    ['Nurpur Mango Lassi 250ml', ['250ml']],
    ['Farm Fresh Brown Eggs (12 pcs)', ['12 pcs']],
    ['Maggi 2-Minute Masala Noodles (Pack of 5)', ['Pack of 5']],
    ['Pampers Baby Dry Size 4 (52 pcs)', ['Size 4', '52 pcs']],
    ['Disposable Party Cups 200ml (50 pcs)', ['200ml', '50 pcs']],
    ['Chicco Physio Soother 6–16 Months', ['6–16 Months']],
    ['Philips LED Bulb 12W', ['12W']],
    ['4-Way Extension Board 3m', ['3m']],
    ['Peek Freans Sooper Family Pack', ['Family Pack']],
    ['Jigsaw Puzzle 100 pcs', ['100 pcs']],
  ])('%s: %j', (name, parts) => {
    expect(packParts(name)).toEqual(parts);
  });

  it.each([
    'Bavaria 0.0% Original 330ml',
    'Barilla Spaghetti No.5 500g',
    'Nescafé 3in1 Coffee (30 sachets)',
    'Nestlé NAN Optipro 1 Infant Formula 400g',
    'Lifebuoy Total 10 Soap 98g',
    'UV400 Sunglasses',
    '7Up 1.5L',
    'Shampoo 2 in 1 200ml',
  ])('takes no part of the product line for a size: %s', (name) => {
    const line = productLine(name);
    for (const word of ['0.0%', 'no.5', '3in1', 'optipro 1', 'total 10', 'uv400', '7up', '2 in 1']) {
      if (name.toLowerCase().includes(word)) expect(line).toContain(word);
    }
  });
});

describe('labelText', () => {
  it('is the brand and the pack size', () => {
    expect(labelText({ name: 'Pepsi 1.5L', brand: 'Pepsi' })).toBe('Pepsi · 1.5L');
    expect(labelText({ name: 'Shan Biryani Masala 50g', brand: 'Shan' })).toBe('Shan · 50g');
    expect(labelText({ name: 'Pampers Baby Dry Size 4 (52 pcs)', brand: 'Pampers' })).toBe('Pampers · Size 4 · 52 pcs');
    expect(labelText({ name: 'Farm Fresh Brown Eggs (12 pcs)', brand: 'Kiryana Fresh' })).toBe('Kiryana Fresh · 12 pcs');
  });

  it('is the brand alone when the name gives no size', () => {
    expect(labelText({ name: 'Canvas Tote Bag', brand: 'Kiryana Basics' })).toBe('Kiryana Basics');
  });
});

describe('areVariants', () => {
  it('holds for the same brand and line in other pack sizes', () => {
    const big = { name: 'Surf Excel Washing Powder 1kg', brand: 'Surf Excel' };
    const small = { name: 'Surf Excel Washing Powder 500g', brand: 'Surf Excel' };
    expect(areVariants(big, small)).toBe(true);
    expect(areVariants({ name: 'Coca-Cola 1.5L', brand: 'Coca-Cola' }, { name: 'Coca-Cola 500ml', brand: 'Coca-Cola' })).toBe(true);
    expect(areVariants({ name: 'Pampers Baby Dry Size 4 (52 pcs)', brand: 'Pampers' }, { name: 'Pampers Baby Dry Size 5 (46 pcs)', brand: 'Pampers' })).toBe(true);
  });

  it('does not hold across lines, flavours or brands', () => {
    expect(areVariants({ name: 'Pepsi 1.5L', brand: 'Pepsi' }, { name: '7Up 1.5L', brand: '7Up' })).toBe(false);
    expect(areVariants({ name: 'Shan Karahi Masala 50g', brand: 'Shan' }, { name: 'Shan Nihari Masala 60g', brand: 'Shan' })).toBe(false);
    expect(areVariants({ name: 'Fayrouz Pineapple 330ml', brand: 'Fayrouz' }, { name: 'Fayrouz Pear 330ml', brand: 'Fayrouz' })).toBe(false);
    expect(areVariants({ name: 'Tapal Danedar Tea 950g', brand: 'Tapal' }, { name: 'Tapal Family Mixture Tea 430g', brand: 'Tapal' })).toBe(false);
    expect(areVariants({ name: 'Cola 1.5L', brand: 'Pepsi' }, { name: 'Cola 1.5L', brand: 'Coca-Cola' })).toBe(false);
  });
});
