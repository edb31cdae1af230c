/**
 * The product rules without zod say what the importer says, word for word: for a table of rows and
 * for generated ones, every field's message from checkProductFields equals validateCatalog's for
 * the same row. The importer checks the discount against the price and the category against the
 * catalogue only once every field is right; the form says them as soon as their own fields are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCatalog } from '#server/catalog/validate-catalog.ts';
import { checkProductFields, pickProblems, PRODUCT_FIELDS, PRODUCT_RULE_WORDS, specificationProblems, type ProductProblems } from './product-rules.ts';

const known = [
  { _id: 'cupboard', name: 'Food Cupboard' },
  { _id: 'bakery', name: 'Bakery' },
];

/** validateCatalog's message for each product field of one row. */
function importerSays(value: Record<string, unknown>): ProductProblems {
  const result = validateCatalog({ format: 'json', categories: [], products: [{ row: 1, value }] }, known);
  const out: Record<string, string> = {};
  for (const e of result.errors) if ((PRODUCT_FIELDS as readonly string[]).includes(e.field)) out[e.field] ??= e.message;
  return out;
}

/** The form's messages, as the importer would give them: the checks across fields only once every field is right. */
function rulesSay(value: Record<string, unknown>): ProductProblems {
  const all = checkProductFields(value, { categories: known });
  const across = (f: 'discount' | 'category') =>
    (f === 'discount' && all.discount?.startsWith('must not be above')) || (f === 'category' && all.category?.startsWith('unknown category'));
  const fieldsWrong = Object.keys(all).some((f) => !((f === 'discount' || f === 'category') && across(f)));
  if (!fieldsWrong) return all;
  const out = { ...all };
  if (across('discount')) delete out.discount;
  if (across('category')) delete out.category;
  return out;
}

const good = { _id: 'atta-1kg', name: 'Atta 1kg', category: 'Food Cupboard', price: 150, discount: 10, stock: 5, images: ['/images/a.webp'], specifications: [{ name: 'Weight', value: '1 kg' }] };

const TABLE: [string, Record<string, unknown>][] = [
  ['a right product', good],
  ['the fewest fields', { _id: 'x', name: 'X', category: 'bakery', price: '1' }],
  ['a bad id', { ...good, _id: 'Bad Id' }],
  ['an id with spaces around', { ...good, _id: '  atta-1kg ' }],
  ['an id starting with a dash', { ...good, _id: '-atta' }],
  ['an id too long', { ...good, _id: 'a'.repeat(101) }],
  ['no id', { ...good, _id: undefined }],
  ['a number for an id', { ...good, _id: 12 }],
  ['a blank name', { ...good, name: '   ' }],
  ['no name', { ...good, name: undefined }],
  ['a number for a brand', { ...good, brand: 5 }],
  ['a blank category', { ...good, category: '' }],
  ['an unknown category', { ...good, category: 'Nowhere' }],
  ['a category by id', { ...good, category: 'bakery' }],
  ['a category in another case', { ...good, category: 'food cupboard' }],
  ['a price of 0', { ...good, price: 0, discount: 0 }],
  ['a blank price', { ...good, price: '' }],
  ['a price in paisa', { ...good, price: 150.5 }],
  ['a price as words', { ...good, price: 'lots' }],
  ['no price', { ...good, price: undefined }],
  ['an endless price', { ...good, price: Infinity }],
  ['a huge price', { ...good, price: 2 ** 60 }],
  ['a price past the dearest', { ...good, price: 1_000_001 }],
  ['a price past the database', { ...good, price: 2147483648 }],
  ['the dearest price', { ...good, price: 1_000_000, discount: 0 }],
  ['a discount past the dearest', { ...good, price: 1_000_000, discount: 2147483648 }],
  ['a stock past the most', { ...good, stock: 1_000_001 }],
  ['a stock past the database', { ...good, stock: '2147483648' }],
  ['a negative discount', { ...good, discount: -1 }],
  ['a discount above the price', { ...good, discount: 151 }],
  ['a discount equal to the price', { ...good, discount: 150 }],
  ['a discount above the price and a blank name', { ...good, name: '', discount: 151 }],
  ['an unknown category and a bad stock', { ...good, category: 'Nowhere', stock: 1.5 }],
  ['a fractional discount', { ...good, discount: '2.5' }],
  ['a negative stock', { ...good, stock: -3 }],
  ['a fractional stock', { ...good, stock: 1.5 }],
  ['a stock as text', { ...good, stock: ' 12 ' }],
  ['no stock', { ...good, stock: undefined }],
  ['a null stock', { ...good, stock: null }],
  ['one picture as text', { ...good, images: '/images/b.webp' }],
  ['an empty picture', { ...good, images: [''] }],
  ['pictures not a list', { ...good, images: { a: 1 } }],
  ['a picture as a number', { ...good, images: [3] }],
  ['a script for a picture', { ...good, images: ['javascript:alert(1)'] }],
  ['a picture of another site without https', { ...good, images: ['//evil.example/x.webp'] }],
  ['a picture path climbing out of /images', { ...good, images: ['/images/../../etc/passwd'] }],
  ['a picture with a space around', { ...good, images: [' /images/a.webp'] }],
  ['an https picture', { ...good, images: ['https://cdn.example.com/a.webp'] }],
  ['a specification without a value', { ...good, specifications: [{ name: 'Weight', value: '' }] }],
  ['a specification without a name', { ...good, specifications: [{ value: '1 kg' }] }],
  ['a specification of spaces', { ...good, specifications: [{ name: ' ', value: ' ' }] }],
  ['a specification not an object', { ...good, specifications: ['Weight: 1 kg'] }],
  ['specifications not a list', { ...good, specifications: 'Weight' }],
  ['everything wrong', { _id: '', name: '', category: '', price: -1, discount: 'x', stock: 'y', images: [''], specifications: [{}] }],
];

describe('checkProductFields', () => {
  it.each(TABLE)('says what the importer says of %s', (_name, row) => {
    expect(rulesSay(row)).toEqual(importerSays(row));
  });

  it('says what the importer says of generated rows', () => {
    const text = fc.oneof(fc.constantFrom('', ' ', 'a', 'Bakery', 'bakery', 'Food Cupboard', 'Nowhere', 'atta-1kg', 'Bad Id', '-x', '12', '1.5', '-1', '1e3', ' 7 '), fc.string({ maxLength: 8 }));
    const figure = fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double({ noNaN: false }), fc.constantFrom('', ' ', '10', '2.5', 'x', null, true, Infinity, 2 ** 60, 1_000_000, 1_000_001, 2147483648, 5e-324, -0));
    const maybe = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const spec = fc.oneof(fc.record({ name: maybe(fc.oneof(text, fc.integer())), value: maybe(text) }), fc.constantFrom(null, 'x', []));
    const row = fc.record({
      _id: maybe(fc.oneof(text, fc.integer())),
      name: maybe(text),
      description: maybe(fc.oneof(text, fc.integer())),
      category: maybe(text),
      brand: maybe(text),
      price: maybe(figure),
      discount: maybe(figure),
      stock: maybe(figure),
      images: maybe(fc.oneof(fc.array(fc.oneof(text, fc.integer()), { maxLength: 3 }), text, fc.constant({}))),
      specifications: maybe(fc.oneof(fc.array(spec, { maxLength: 3 }), text)),
    });
    fc.assert(
      fc.property(row, (r) => {
        const value = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
        expect(rulesSay(value)).toEqual(importerSays(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('says the discount against the price and the category against the catalogue as soon as their own fields are right', () => {
    expect(checkProductFields({ ...good, name: '', discount: 151 }, { categories: known })).toEqual({ name: 'is required', discount: 'must not be above the price (150)' });
    expect(checkProductFields({ ...good, category: 'Nowhere' }, { categories: known })).toEqual({ category: "unknown category 'Nowhere'" });
    expect(checkProductFields({ ...good, category: 'Nowhere' })).toEqual({});
  });

  it('names each wrong part of a specification for the form', () => {
    expect(specificationProblems({ name: '', value: 'x' })).toEqual({ name: PRODUCT_RULE_WORDS.required });
    expect(specificationProblems({ name: 'Weight' })).toEqual({ value: PRODUCT_RULE_WORDS.required });
    expect(specificationProblems('Weight')).toEqual({ row: PRODUCT_RULE_WORDS.object });
  });

  it('keeps only the problems of the fields a change names', () => {
    expect(pickProblems({ name: 'is required', price: 'must be above 0' }, ['price'])).toEqual({ price: 'must be above 0' });
  });
});
