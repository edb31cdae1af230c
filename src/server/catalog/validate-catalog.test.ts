import { describe, expect, it } from 'vitest';
import { CSV_HEADER } from '#server/test/fixtures.ts';
import { parseCatalog } from './file-format.ts';
import { validateCatalog } from './validate-catalog.ts';

describe('validateCatalog', () => {
  const known = [{ _id: 'cupboard', name: 'Food Cupboard' }];
  it('names the row, the id and the field of every problem', () => {
    const file = parseCatalog(
      [
        CSV_HEADER,
        'atta-1kg,Atta 1kg,,Food Cupboard,Sunridge,150,,10,1,0,2,5,12,/images/a.webp|/images/b.webp,Weight: 1 kg; Origin: Pakistan,',
        'shan-biryani-masala-50g,Shan Biryani,,Food Cupboard,Shan,0,,5,,,,,4,,,',
        'Bad Id,X,,Food Cupboard,,10,20,1,many,1.5,,,-2,,,',
        'atta-1kg,Again,,Nowhere,,10,,1,,,,,,,Weight,',
      ].join('\n'),
      'csv',
    );
    const result = validateCatalog(file, known);
    expect(result.errors.map((e) => e.text)).toEqual([
      'Row 3 (shan-biryani-masala-50g), field price: must be above 0',
      'Row 4 (Bad Id), field _id: must be lowercase letters, digits and dashes',
      'Row 4 (Bad Id), field ratings1: must be a number',
      'Row 4 (Bad Id), field ratings2: must be a whole number',
      'Row 4 (Bad Id), field ratings5: must be at least 0',
      "Row 5 (atta-1kg), field specifications: expected 'Name: value' pairs separated by ';', got 'Weight'",
      'Row 5 (atta-1kg), field _id: duplicate of row 2',
      "Row 5 (atta-1kg), field category: unknown category 'Nowhere'",
    ]);
    expect(result.products[0]).toMatchObject({ images: ['/images/a.webp', '/images/b.webp'], specifications: [{ name: 'Weight', value: '1 kg' }, { name: 'Origin', value: 'Pakistan' }] });
    expect(result.products[0]).toMatchObject({ ratings1: 1, ratings2: 0, ratings3: 2, ratings4: 5, ratings5: 12 });
  });

  it('refuses a category name its page could not be made at: the name is part of its page’s address', () => {
    const categories = [
      { _id: 'ok', name: 'Tea & Coffee' },
      { _id: 'tea-coffee', name: 'Tea\\Coffee' },
      { _id: 'fruit-veg', name: 'Fruit/Veg' },
      { _id: 'climb', name: 'a/../../tmp/x' },
      { _id: 'dots', name: '..' },
      { _id: 'hidden', name: '.hidden' },
      { _id: 'ask', name: 'What?' },
      { _id: 'blank', name: '  ' },
      { _id: 'long', name: 'x'.repeat(101) },
    ];
    const json = parseCatalog(JSON.stringify({ categories, products: [] }), 'json');
    const slash = 'must not contain a slash (/ or \\), ? or #: it is part of the category page’s address';
    const dots = 'must not start with a dot or hold two dots in a row (..): it is part of the category page’s address';
    expect(validateCatalog(json, known).errors.map((e) => e.text)).toEqual([
      `Category 2 (tea-coffee), field name: ${slash}`,
      `Category 3 (fruit-veg), field name: ${slash}`,
      `Category 4 (climb), field name: ${slash}`,
      `Category 5 (dots), field name: ${dots}`,
      `Category 6 (hidden), field name: ${dots}`,
      `Category 7 (ask), field name: ${slash}`,
      'Category 8 (blank), field name: is required',
      'Category 9 (long), field name: must be at most 100 characters',
    ]);
  });

  it('refuses pictures that are neither the store’s own nor https:, row by row, in JSON and CSV', () => {
    const bad = ['javascript:alert(1)', '//evil.example/x.webp', '/images/../../etc/passwd'];
    const rows = bad.map((src, i) => ({ _id: `p-${i}`, name: 'P', category: 'Food Cupboard', price: 10, images: ['/images/ok.webp', src] }));
    const words = (src: string) => `'${src}' is not a picture of the store (/images/…) or an https:// address`;
    const expected = bad.map((src, i) => `Row ${i + 1} (p-${i}), field images: ${words(src)}`);
    const json = parseCatalog(JSON.stringify({ categories: [{ _id: 'pics', name: 'Pics', images: ['javascript:alert(1)'] }], products: rows }), 'json');
    expect(validateCatalog(json, known).errors.map((e) => e.text)).toEqual([`Category 1 (pics), field images: ${words('javascript:alert(1)')}`, ...expected]);
    const csv = parseCatalog([CSV_HEADER, ...bad.map((src, i) => `p-${i},P,,Food Cupboard,,10,,,,,,,,/images/ok.webp|${src},,`)].join('\n'), 'csv');
    expect(validateCatalog(csv, known).errors.map((e) => e.text)).toEqual(bad.map((src, i) => `Row ${i + 2} (p-${i}), field images: ${words(src)}`));
    const fine = parseCatalog(JSON.stringify([{ _id: 'ok', name: 'Ok', category: 'Food Cupboard', price: 10, images: ['/images/products/ok.webp', 'https://cdn.example.com/ok.webp'] }]), 'json');
    expect(validateCatalog(fine, known).errors).toEqual([]);
  });

  it('refuses a rating or a review count given as a figure of its own: they come from the per-star counts', () => {
    const json = parseCatalog(JSON.stringify([{ _id: 'tea', name: 'Tea', category: 'Food Cupboard', price: 100, rating: 4.9, numReviews: 400 }]), 'json');
    expect(validateCatalog(json, known).errors.map((e) => e.text)).toEqual([
      'Row 1 (tea), field rating: is computed from ratings1 to ratings5; give those instead',
      'Row 1 (tea), field numReviews: is computed from ratings1 to ratings5; give those instead',
    ]);
    // In a CSV the header says it once, before any row.
    expect(() => parseCatalog('_id,name,category,price,rating,numReviews\ntea,Tea,Food Cupboard,100,4.9,3\n', 'csv')).toThrow(
      '  "rating" is computed from ratings1 to ratings5: give those columns instead.',
    );
  });

  it('refuses fewer ratings of a star than the written reviews that carry it', () => {
    const file = parseCatalog(JSON.stringify([{ _id: 'tea', name: 'Tea', category: 'Food Cupboard', price: 100, ratings5: 1, ratings4: 0, ratings1: 3 }]), 'json');
    const written = new Map([['tea', { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 }]]);
    expect(validateCatalog(file, known, written).errors.map((e) => e.text)).toEqual([
      'Row 1 (tea), field ratings5: must be at least 2: the product has 2 written 5-star reviews',
      'Row 1 (tea), field ratings4: must be at least 1: the product has 1 written 4-star review',
    ]);
  });

  it('accepts categories defined in the same JSON file and rejects discount above price', () => {
    const file = parseCatalog(JSON.stringify({ categories: [{ _id: 'tea', name: 'Tea' }], products: [{ _id: 'chai', name: 'Chai', category: 'Tea', price: 100 }, { _id: 'cha', name: 'Cha', category: 'tea', price: 100, discount: 101 }] }), 'json');
    expect(validateCatalog(file, known).errors.map((e) => e.text)).toEqual(['Row 2 (cha), field discount: must not be above the price (100)']);
  });

  it('gives the CSV line when a quoted field spans lines', () => {
    const file = parseCatalog(`${CSV_HEADER}\nok-1,"Two\nlines",,Food Cupboard,,10,,,,,,,,,,\nbad-2,B,,Food Cupboard,,-5,,,,,,,,,,`, 'csv');
    // A spreadsheet shows the two-line cell in one row: bad-2 is its row 3, on the file's line 4.
    expect(validateCatalog(file, known).errors[0].text).toBe('Row 3 (bad-2), field price: must be above 0 [CSV line 4]');
  });
});
