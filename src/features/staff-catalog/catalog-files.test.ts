import { describe, expect, it } from 'vitest';
import type { FileReport } from './bulk-api.ts';
import { canApply, changesText, fileKey, fileRefusal, formatOf, groupProblems, MAX_FILE_BYTES, problemsText } from './catalog-files.ts';

const clean = (created: string[], changed: { id: string; fields: string[] }[], unchanged = 0): FileReport => ({ ok: true, errors: [], changes: { created, changed, unchanged }, categories: 3 });

describe('catalogue files page rules', () => {
  it('knows a CSV or JSON file by its name or type', () => {
    expect(formatOf({ name: 'Catalogue.CSV', type: 'application/vnd.ms-excel' })).toBe('csv');
    expect(formatOf({ name: 'export', type: 'text/csv' })).toBe('csv');
    expect(formatOf({ name: 'kiryana.json', type: '' })).toBe('json');
    expect(formatOf({ name: 'prices.xlsx', type: '' })).toBeNull();
  });

  it('refuses in words, before sending, a file over the limit, empty, or of another kind', () => {
    expect(fileRefusal({ name: 'big.csv', type: 'text/csv', size: MAX_FILE_BYTES + 1 })).toBe(
      'This file is 16.0 MB; the store takes catalogue files of at most 16 MB. Split it, or import it with npm run catalog while the store is stopped.',
    );
    expect(fileRefusal({ name: 'a.csv', type: 'text/csv', size: MAX_FILE_BYTES })).toBeNull();
    expect(fileRefusal({ name: 'a.csv', type: 'text/csv', size: 0 })).toMatch(/empty/);
    expect(fileRefusal({ name: 'a.xlsx', type: '', size: 10 })).toMatch(/CSV or JSON/);
  });

  it('groups the problems by row, in file order, a problem of many rows standing alone', () => {
    const groups = groupProblems([
      { row: 9, id: 'b', field: 'price', message: 'must be above 0', text: 'Row 9 (b), field price: must be above 0' },
      { row: 4, id: 'a', field: 'stock', message: 'must be a whole number', text: 'Row 4 (a), field stock: must be a whole number' },
      { row: 4, id: 'a', field: 'category', message: "unknown category 'Foo'", text: "Row 4 (a), field category: unknown category 'Foo'" },
      { row: 2, field: 'createdAt', message: 'is not a date', text: 'Rows 2, 3, 5, 6 (4 rows), field createdAt: is not a date' },
    ]);
    expect(groups.map((g) => g.title)).toEqual(['Rows 2, 3, 5, 6 (4 rows), field createdAt: is not a date', 'Row 4 (a)', 'Row 9 (b)']);
    expect(groups[1].problems).toEqual([
      { field: 'stock', message: 'must be a whole number' },
      { field: 'category', message: "unknown category 'Foo'" },
    ]);
    expect(problemsText([{ row: 4, field: 'a', message: '', text: '' }, { row: 4, field: 'b', message: '', text: '' }, { row: 7, field: 'a', message: '', text: '' }])).toBe(
      '3 problems in 2 rows. Nothing was changed: fix the file and check it again.',
    );
  });

  it('says what a clean file would change, and what it changed', () => {
    const report = clean(['new-tea'], [{ id: 'atta', fields: ['price'] }, { id: 'rice', fields: ['stock'] }], 40);
    expect(changesText(report, false)).toBe('The file is clean. Applying it would make 1 new product, 2 products changed, 40 unchanged.');
    expect(changesText(report, true)).toBe('Applied: 1 new product, 2 products changed, 40 unchanged.');
    expect(changesText(clean([], [], 12), false)).toBe('Nothing to change: 12 products already as in the file.');
  });

  it('offers Apply only after a clean check of the file chosen now, with something to change', () => {
    const file = { name: 'a.csv', size: 10, lastModified: 1 };
    const report = clean([], [{ id: 'atta', fields: ['price'] }]);
    expect(canApply({ key: fileKey(file), report }, fileKey(file))).toBe(true);
    expect(canApply({ key: fileKey(file), report }, fileKey({ ...file, lastModified: 2 }))).toBe(false);
    expect(canApply({ key: fileKey(file), report: { ...report, ok: false } }, fileKey(file))).toBe(false);
    expect(canApply({ key: fileKey(file), report: clean([], [], 5) }, fileKey(file))).toBe(false);
    expect(canApply(undefined, fileKey(file))).toBe(false);
  });

  it('says and applies a file’s search dictionary, its problems under each entry after the products', () => {
    const words = (synonyms: { entries: number; before: number; same: boolean }): FileReport => ({ ...clean([], []), changes: { created: [], changed: [], unchanged: 0, synonyms } });
    const file = { name: 'words.csv', size: 10, lastModified: 1 };
    const replacing = words({ entries: 152, before: 150, same: false });
    expect(changesText(replacing, false)).toBe('The file is clean. Applying it would make the search dictionary of 152 entries (in place of 150).');
    expect(canApply({ key: fileKey(file), report: replacing }, fileKey(file))).toBe(true);
    const same = words({ entries: 150, before: 150, same: true });
    expect(changesText(same, false)).toBe('Nothing to change: the search dictionary unchanged (150 entries).');
    expect(canApply({ key: fileKey(file), report: same }, fileKey(file))).toBe(false);
    const groups = groupProblems([
      { row: 2, section: 'synonyms', field: 'words', message: 'What shoppers type: write at least one word.', text: 'Synonym 2 ("x"), field words: What shoppers type: write at least one word.' },
      { row: 2, id: 'milk', field: 'price', message: 'must be above 0', text: 'Row 2 (milk), field price: must be above 0' },
    ]);
    expect(groups.map((g) => g.title)).toEqual(['Row 2 (milk)', 'Synonym 2 ("x")']);
  });

  it('keeps a category’s problems apart from the product of the same number, categories first', () => {
    const errors = [
      { row: 1, id: 'atta-1kg', field: 'images', message: "'javascript:alert(1)' is not a picture of the store (/images/…) or an https:// address", text: "Row 1 (atta-1kg), field images: 'javascript:alert(1)' is not a picture of the store (/images/…) or an https:// address" },
      { row: 1, id: 'fruit-veg', section: 'categories' as const, field: 'name', message: 'must not contain a slash', text: 'Category 1 (fruit-veg), field name: must not contain a slash' },
    ];
    const groups = groupProblems(errors);
    expect(groups.map((g) => [g.title, g.problems.map((p) => p.field)])).toEqual([
      ['Category 1 (fruit-veg)', ['name']],
      ['Row 1 (atta-1kg)', ['images']],
    ]);
    expect(problemsText(errors)).toBe('2 problems in 2 rows. Nothing was changed: fix the file and check it again.');
  });
});
