/**
 * Catalogue files as spreadsheets save them: their text encoding, separator, header row, dates
 * and row numbers; and what validation and import say a file changes (they share one path, so
 * they always agree). On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE_MESSAGES as FILE, changesSummary } from '#lib/catalog-file-messages.ts';
import { products } from '#server/db/schema.ts';
import { excelUtf8WithBom, excelWindows1252, semicolonUtf8, utf16 } from '#server/test/catalog-files.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { CSV_HEADER, EXPORT_CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { productRecords } from './bulk.ts';
import { decodeCatalogBytes, parseCatalog, readSpreadsheetDate, separatorOf } from './file-format.ts';
import { importCatalog } from './import-catalog.ts';
import { checkCatalog, validateCatalog } from './validate-catalog.ts';

const known = [{ _id: 'fresh', name: 'Fresh & Chilled Food' }];
const csvOf = (bytes: Buffer) => parseCatalog(decodeCatalogBytes(bytes).text, 'csv');
const problemsOf = (text: string) => {
  try {
    return validateCatalog(parseCatalog(text, 'csv'), known).errors.map((e) => e.text);
  } catch (err) {
    return [(err as Error).message];
  }
};

describe('reading a spreadsheet file', () => {
  it("reads Excel's Windows-1252 CSV as such and says so; refuses text that is neither UTF-8 nor certainly Windows-1252", () => {
    const decoded = decodeCatalogBytes(excelWindows1252());
    expect(decoded.note).toBe(FILE.readAsWindows1252);
    expect(decoded.text).toContain('Nestlé Cream 200ml');
    expect(decoded.text).not.toContain('\uFFFD');
    expect(() => decodeCatalogBytes(utf16())).toThrow(FILE.notUtf8);
    // 0x81 has no character in Windows-1252; 0x90 is a control there.
    expect(() => decodeCatalogBytes(Buffer.from([0x61, 0x81, 0x0a]))).toThrow(FILE.notUtf8);
    expect(() => decodeCatalogBytes(Buffer.from([0x61, 0x90, 0x0a]))).toThrow(FILE.notUtf8);
    // A byte-order mark promises UTF-8: what follows must be.
    expect(() => decodeCatalogBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xe9]))).toThrow(FILE.notUtf8);
  });

  it('drops the byte-order mark of a UTF-8 file, and finds a semicolon or tab separator from the header row', () => {
    const bom = decodeCatalogBytes(excelUtf8WithBom());
    expect(bom).toEqual({ text: expect.stringMatching(/^_id,/) });
    for (const file of [csvOf(excelUtf8WithBom()), csvOf(semicolonUtf8()), csvOf(excelWindows1252())]) {
      expect(file.products.map((p) => p.value)).toEqual([
        { _id: 'milk-1l', name: 'Olpers Milk 1L', category: 'Fresh & Chilled Food', brand: 'Olpers', price: '295', discount: '10', stock: '40' },
        { _id: 'nestle-cream-200ml', name: 'Nestlé Cream 200ml', category: 'Fresh & Chilled Food', brand: 'Nestlé', price: '260', stock: '12' },
      ]);
    }
    expect(separatorOf('_id\tname\tprice\n')).toBe('\t');
    expect(separatorOf('_id;name;"a,b"\n')).toBe(';');
    expect(problemsOf('_id\tname\tcategory\tprice\nx\tX\tFresh & Chilled Food\t0\n')).toEqual(['Row 2 (x), field price: must be above 0']);
  });

  it('names unknown and missing columns once, before any row, with the expected names', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `p-${i},Tea ${i},Fresh & Chilled Food,${100 + i}`);
    const problems = problemsOf(['_id,Name,category,Price (Rs)', ...rows].join('\n'));
    expect(problems).toHaveLength(1);
    expect(problems[0].split('\n')).toEqual([
      'Row 1 (the header) has 2 columns this importer does not know: "Name", "Price (Rs)".',
      '  "Name": did you mean "name"?',
      '  "Price (Rs)": did you mean "price"?',
      'Row 1 (the header) lacks 2 required columns: "name", "price".',
      `The columns are (lowercase, in any order; only _id, name, category and price are required): ${EXPORT_CSV_HEADER.split(',').join(', ')}.`,
      'No row was checked: fix the header row first.',
    ]);
    expect(problemsOf('_id,name,category,price,name\n')[0]).toContain('Row 1 (the header) names "name" more than once.');
  });

  it('says a malformed row in words, with its spreadsheet row, instead of the parser\'s', () => {
    expect(problemsOf('_id;name;category;price\nok;A;Fresh & Chilled Food;5\nbad;B "big";Fresh & Chilled Food;5\n')).toEqual([
      'Row 3: a quote (") inside a cell that does not start with one; a cell with quotes must be written "like ""this"" one". Nothing was read; check that row in a text editor.',
    ]);
    expect(problemsOf('_id,name,category,price\nok,A,Fresh & Chilled Food,5,extra\n')).toEqual([
      'Row 2: it has 5 cells where the header has 4 columns (a separator inside a cell must be in quotes). Nothing was read; check that row in a text editor.',
    ]);
  });

  it('numbers rows as the spreadsheet does: the header is row 1 and a blank row counts', () => {
    expect(problemsOf('_id,name,category,price\nok,A,Fresh & Chilled Food,5\n\nbad,B,Fresh & Chilled Food,0\n')).toEqual(['Row 4 (bad), field price: must be above 0']);
  });

  it('reads the dates spreadsheets write, day first, in Pakistan time; one problem in many rows is said once', () => {
    expect(readSpreadsheetDate('27/11/2026 14:05')).toBe('2026-11-27T09:05:00.000Z');
    expect(readSpreadsheetDate('27.11.2026')).toBe('2026-11-26T19:00:00.000Z');
    expect(readSpreadsheetDate('2026-11-27 14:05:30')).toBe('2026-11-27T09:05:30.000Z');
    expect(readSpreadsheetDate('2026-11-27T14:05:00+05:00')).toBe('2026-11-27T14:05:00+05:00');
    expect(readSpreadsheetDate('03/04/2026')).toBe('2026-04-02T19:00:00.000Z');
    for (const bad of ['11/27/2026', '31/02/2026', 'Nov 27, 2026', '27/11/2026 25:00']) expect(readSpreadsheetDate(bad), bad).toBeUndefined();

    const rows = Array.from({ length: 314 }, (_, i) => `p-${i},Tea ${i},Fresh & Chilled Food,${100 + i},27 Nov 2026 2:05 PM`);
    expect(problemsOf(['_id,name,category,price,createdAt', 'first,First,Fresh & Chilled Food,5,x', ...rows].join('\n'))).toEqual([
      `Rows 2, 3, 4, 5, 6 and 310 more (315 rows), field createdAt: ${FILE.badDate}`,
    ]);
    // A column written month first (US Excel) is refused whole: its 01/11/2024 would read as 1 November.
    const us = Array.from({ length: 6 }, (_, i) => `p-${i},Tea ${i},Fresh & Chilled Food,5,${i % 2 ? '11/27/2026' : `01/1${i}/2024 9:30`}`);
    expect(problemsOf(['_id,name,category,price,createdAt', ...us, 'iso,Iso,Fresh & Chilled Food,5,2024-01-11 09:30'].join('\n'))).toEqual([
      `Rows 2, 3, 4, 5, 6 and 1 more (6 rows), field createdAt: ${FILE.monthFirstDates}`,
    ]);
    expect(problemsOf('_id,name,category,price,createdAt\na,A,Fresh & Chilled Food,5,27/11/2026 14:05\nb,B,Fresh & Chilled Food,5,31/02/2026\n')).toEqual([
      `Row 3 (b), field createdAt: ${FILE.badDate}`,
    ]);
  });

  it('says what changed in words, singular or plural', () => {
    expect(changesSummary({ created: [], changed: [{}], unchanged: 313 })).toBe('1 product changed, 313 unchanged');
    expect(changesSummary({ created: ['a', 'b'], changed: [], unchanged: 1 })).toBe('2 new products, 1 unchanged');
    expect(FILE.valid(1, 0)).toBe('1 product is valid');
    expect(FILE.valid(314, 2)).toBe('314 products and 2 categories are valid');
  });
});

describe.each(testDatabases)('importing spreadsheet files on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it("imports Excel's Windows-1252 file with its accents intact; validation foretells exactly what the import does", async () => {
    const { db } = database();
    const file = csvOf(excelWindows1252());
    const checked = await checkCatalog(db, file);
    expect(checked.ok).toBe(true);
    // The file has no images or specifications columns: importing it empties them, and validation says so.
    expect(checked.changes).toEqual({ created: ['nestle-cream-200ml'], changed: [{ id: 'milk-1l', fields: ['price', 'images', 'specifications'] }], unchanged: 0 });
    const imported = await importCatalog(db, file);
    expect(imported.changes).toEqual(checked.changes);
    const records = await productRecords(db);
    expect(records.find((p) => p._id === 'nestle-cream-200ml')).toMatchObject({ name: 'Nestlé Cream 200ml', brand: 'Nestlé' });
    expect(records.find((p) => p._id === 'milk-1l')).toMatchObject({ price: 295, createdAt: '2024-01-11T09:30:00.000Z' });
  });

  it('counts only real changes and writes nothing for an unchanged product', async () => {
    const { db } = database();
    await importCatalog(db, csvOf(semicolonUtf8()));
    const stamp = async () => (await db.select({ at: products.updatedAt }).from(products).where(eq(products.id, 'milk-1l')))[0].at.getTime();
    const before = await stamp();
    const again = await importCatalog(db, csvOf(excelUtf8WithBom()));
    expect(again.changes).toEqual({ created: [], changed: [], unchanged: 2 });
    expect(await stamp()).toBe(before);

    const text = decodeCatalogBytes(excelUtf8WithBom()).text.replace(',12\r\n', ',13\r\n');
    const changed = await importCatalog(db, parseCatalog(text, 'csv'));
    expect(changed.changes).toEqual({ created: [], changed: [{ id: 'nestle-cream-200ml', fields: ['stock'] }], unchanged: 1 });
    expect(changesSummary(changed.changes)).toBe('1 product changed, 1 unchanged');
  });
});
