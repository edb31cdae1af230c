/**
 * The search dictionary in catalogue files: a JSON `synonyms` section and a `words,means` CSV are
 * read, checked entry by entry (with the entry's number or row and field in the editor's words),
 * imported whole in one transaction (or not at all), exported and read back unchanged; a file
 * without a dictionary leaves it as it is. The command line exports the dictionary alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE_MESSAGES as FILE } from '#lib/catalog-file-messages.ts';
import { auditLog } from '#server/db/schema.ts';
import { readConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { runCatalogCli } from '../../../scripts/lib/catalog/cli.ts';
import { useTempDirs } from '../../../scripts/lib/catalog/test-files.ts';
import { exportCatalog } from './export-catalog.ts';
import { parseCatalog } from './file-format.ts';
import { importCatalog } from './import-catalog.ts';
import { readSynonyms } from './synonyms.ts';
import { checkCatalog } from './validate-catalog.ts';

const DICTIONARY = [
  { words: ['chawal', 'chaawal', 'چاول'], means: ['rice'] },
  { words: ['doodh', 'دودھ'], means: ['milk'] },
  { words: ['cold drink', 'botal'], means: ['soft drink', 'pepsi'] },
];

const json = (synonyms: unknown, rest: object = {}) => parseCatalog(JSON.stringify({ ...rest, synonyms }), 'json');
const tempDir = useTempDirs();

describe.each(testDatabases)('the search dictionary in catalogue files on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('imports a JSON section whole, exports it as JSON and CSV that import back unchanged', async () => {
    const { db } = database();
    const imported = await importCatalog(db, json([...DICTIONARY, { words: [' Anda ', 'anday'], means: ['eggs', 'Eggs'] }]));
    expect(imported).toMatchObject({ ok: true, changes: { created: [], changed: [], unchanged: 0, synonyms: { entries: 4, before: 0, same: false } } });
    const stored = await readSynonyms(db);
    expect(stored).toEqual([...DICTIONARY, { words: ['Anda', 'anday'], means: ['eggs'] }]);
    // The file's audit row counts the entries (from the command line: no member).
    const [row] = (await db.select().from(auditLog)).filter((r) => r.recordKind === 'catalog').slice(-1);
    expect(row).toMatchObject({ staffId: null, action: 'catalog.import', after: { synonyms: 4 } });

    for (const [format, part] of [['json', 'catalogue'], ['json', 'synonyms'], ['csv', 'synonyms']] as const) {
      const text = await exportCatalog(db, format, part);
      const again = await importCatalog(db, parseCatalog(text, format));
      expect(again.changes.synonyms, `${format} ${part}`).toEqual({ entries: 4, before: 4, same: true });
      expect(await readSynonyms(db), `${format} ${part}`).toEqual(stored);
    }
    const csv = await exportCatalog(db, 'csv', 'synonyms');
    expect(csv.split('\n').slice(0, 2)).toEqual(['\uFEFFwords,means', 'chawal|chaawal|چاول,rice']);
    // The whole catalogue's JSON carries the dictionary; its CSV is the products alone.
    expect(JSON.parse(await exportCatalog(db, 'json')).synonyms).toEqual(stored);
    expect(await exportCatalog(db, 'csv')).not.toContain('chawal');
  });

  it('reads a words,means CSV (any case, either order, | between words) and replaces the dictionary with it', async () => {
    const { db } = database();
    const file = parseCatalog('\uFEFFMeans;Words\r\nrice;chawal | chaawal\r\n\r\ntea; chai|چائے\r\n', 'csv');
    expect(file.products).toEqual([]);
    expect(file.synonyms).toEqual([
      { row: 2, line: 2, value: { words: ['chawal', 'chaawal'], means: ['rice'] } },
      { row: 4, line: 4, value: { words: ['chai', 'چائے'], means: ['tea'] } },
    ]);
    const result = await importCatalog(db, file);
    expect(result.ok).toBe(true);
    expect(await readSynonyms(db)).toEqual([{ words: ['chawal', 'chaawal'], means: ['rice'] }, { words: ['chai', 'چائے'], means: ['tea'] }]);
    // A file without a dictionary leaves it as it is.
    await importCatalog(db, parseCatalog(JSON.stringify([{ _id: 'milk-1l', name: 'Olpers Milk 1L', category: 'fresh', brand: 'Olpers', price: 291 }]), 'json'));
    expect(await readSynonyms(db)).toHaveLength(2);
  });

  it('refuses a bad dictionary entry by entry, in the editor’s words, and changes nothing (the products in the file neither)', async () => {
    const { db } = database();
    await importCatalog(db, json(DICTIONARY));
    expect(() => json(3)).toThrow(FILE.jsonSynonyms);
    expect(() => parseCatalog('{"synonyms": {"words": ["a"]}}', 'json')).toThrow(FILE.jsonSynonyms);
    const bad = json(
      [
        { words: ['gajar'], means: ['carrot'] },
        'chawal',
        { words: Array.from({ length: 13 }, (_, i) => `w${i}`), means: ['rice'] },
        { words: ['x'.repeat(41)], means: ['rice'] },
        { words: ['ga\u0007jar'], means: ['carrot'] },
        { words: ['doodh', 'milk'], means: ['milk'] },
        { words: ['GAJAR', 'mooli'], means: ['radish'], note: 'x' },
        { words: ['mooli'], means: ['radish'] },
      ],
      { products: [{ _id: 'milk-1l', name: 'Olpers Milk 1L', category: 'fresh', brand: 'Olpers', price: 999 }] },
    );
    const checked = await checkCatalog(db, bad);
    const texts = checked.errors.map((e) => e.text);
    expect(texts).toContain('Synonym 2, field entry: must be {"words": [...], "means": [...]}');
    expect(texts).toContain('Synonym 3 ("w0"), field words: What shoppers type: at most 12 words or phrases.');
    expect(texts).toContain(`Synonym 4 ("${'x'.repeat(40)}"), field words: What shoppers type: "${'x'.repeat(20)}…" is longer than 40 characters.`);
    expect(texts).toContain('Synonym 5 ("ga\u0007jar"), field words: What shoppers type: "ga\u0007jar" holds characters that cannot be typed.');
    expect(texts).toContain('Synonym 6 ("doodh"), field words: "milk" is on both sides: a word cannot mean itself.');
    expect(texts).toContain('Synonym 7 ("GAJAR"), field note: is not a field of a dictionary entry (words, means)');
    expect(texts).toHaveLength(6);
    expect(checked.errors.every((e) => e.section === 'synonyms')).toBe(true);
    expect(checked.ok).toBe(false);
    // A word in two entries: the later one is named, with the first.
    const twice = await checkCatalog(db, json([{ words: ['gajar'], means: ['carrot'] }, { words: ['Gajar', 'mooli'], means: ['radish'] }]));
    expect(twice.errors.map((e) => e.text)).toEqual(['Synonym 2 ("Gajar"), field words: "Gajar" is also in Synonym 1 ("gajar"): a word shoppers type may be in one entry only.']);
    // In a CSV the spreadsheet's row is named.
    const csv = await checkCatalog(db, parseCatalog('words,means\ngajar,carrot\nmooli|gajar,radish\n', 'csv'));
    expect(csv.errors.map((e) => e.text)).toEqual(['Row 3 ("mooli"), field words: "gajar" is also in Row 2 ("gajar"): a word shoppers type may be in one entry only.']);

    const result = await importCatalog(db, bad);
    expect(result.ok).toBe(false);
    expect(await readSynonyms(db)).toEqual(DICTIONARY);
    expect((await exportCatalog(db, 'json')).includes('"price": 999')).toBe(false);
  });
});

describe('the catalogue command and the dictionary', () => {
  it('validates and imports a dictionary CSV and exports the dictionary alone with --synonyms', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'pglite');
    const seeded = await openDatabase({ dataDir });
    await seedIfEmpty(seeded.db, fixtureCatalogue);
    await seeded.close();
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), config: readConfig({}) };
    const file = join(dir, 'words.csv');
    await writeFile(file, 'words,means\nchawal|chaawal,rice\ndoodh,milk\n');
    expect(await runCatalogCli(['validate', file, '--data-dir', dataDir], io)).toBe(0);
    expect(out.at(-1)).toBe(`${file}: 2 dictionary entries are valid. Importing it would make the search dictionary of 2 entries (in place of 0):`);
    expect(await runCatalogCli(['import', file, '--data-dir', dataDir], io)).toBe(0);
    expect(out.at(-1)).toBe(`Imported ${file}: the search dictionary of 2 entries (in place of 0) (pglite).`);
    const back = join(dir, 'back.csv');
    expect(await runCatalogCli(['export', back, '--synonyms', '--data-dir', dataDir], io)).toBe(0);
    expect(out.at(-1)).toBe(`Exported the search dictionary to ${back}.`);
    expect(await readFile(back, 'utf8')).toBe('\uFEFFwords,means\nchawal|chaawal,rice\ndoodh,milk\n');
  });
});
