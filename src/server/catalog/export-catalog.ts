/**
 * Exports the catalogue as a file import-catalog.ts reads back unchanged: JSON with its three
 * sections (categories, products, the search dictionary), CSV the products; or the dictionary
 * alone (`part` 'synonyms': JSON `{synonyms}`, or CSV `words,means` with `|` between the words).
 */
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { CategoryInput } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categoryRecords, productRecords } from './bulk.ts';
import { CSV_COLUMNS, formatSpecifications, SYNONYM_CSV_COLUMNS, type CatalogFormat } from './file-format.ts';
import { readSynonyms } from './synonyms.ts';

/** What an export holds: the whole catalogue, or only the search dictionary. */
export type ExportPart = 'catalogue' | 'synonyms';

/**
 * A CSV starts with UTF-8's byte-order mark: without it Excel reads the file as the machine's
 * code page and shows "NestlÃ©" for Nestlé (and saves it so). Import drops the mark.
 */
export const UTF8_BOM = '\uFEFF';

/** Every category and product (or the dictionary) in `format`; importing the output changes nothing. */
export async function exportCatalog(db: Database, format: CatalogFormat, part: ExportPart = 'catalogue'): Promise<string> {
  if (part === 'synonyms') {
    const synonyms = await readSynonyms(db);
    if (format === 'json') return `${JSON.stringify({ synonyms }, null, 2)}\n`;
    const rows = synonyms.map((e) => ({ words: e.words.join('|'), means: e.means.join('|') }));
    return UTF8_BOM + stringifyCsv(rows, { header: true, columns: [...SYNONYM_CSV_COLUMNS] });
  }
  const products = await productRecords(db);
  if (format === 'json') {
    const categories: CategoryInput[] = await categoryRecords(db);
    const synonyms = await readSynonyms(db);
    return `${JSON.stringify({ categories, products, synonyms }, null, 2)}\n`;
  }
  return UTF8_BOM + stringifyCsv(
    products.map((p) => ({
      ...p,
      images: p.images.join('|'),
      specifications: formatSpecifications(p.specifications),
      // Written as words: the CSV writer's own form of false is an empty cell, which import reads as "keep".
      onSale: String(p.onSale ?? true),
    })),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}
