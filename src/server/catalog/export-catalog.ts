/** Exports the catalogue as a file import-catalog.ts reads back unchanged. */
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { CategoryInput } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { categoryRecords, productRecords } from './bulk.ts';
import { CSV_COLUMNS, formatSpecifications, type CatalogFormat } from './file-format.ts';

/**
 * A CSV starts with UTF-8's byte-order mark: without it Excel reads the file as the machine's
 * code page and shows "NestlÃ©" for Nestlé (and saves it so). Import drops the mark.
 */
export const UTF8_BOM = '\uFEFF';

/** Every category and product in `format`; importing the output changes nothing. */
export async function exportCatalog(db: Database, format: CatalogFormat): Promise<string> {
  const products = await productRecords(db);
  if (format === 'json') {
    const categories: CategoryInput[] = await categoryRecords(db);
    return `${JSON.stringify({ categories, products }, null, 2)}\n`;
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
