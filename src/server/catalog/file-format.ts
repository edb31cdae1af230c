/**
 * Catalogue files for editors, as JSON (an array of products, or `{categories, products}`) or CSV
 * (products, header row, `images` pipe-separated, `specifications` as `Name: value; Name: value`):
 * read into rows here, checked by validate-catalog.ts, written to the database by
 * import-catalog.ts and from it by export-catalog.ts. Export writes what import reads.
 *
 * `npm run catalog` runs these on the database it opens, and a running store runs the same for it
 * through its operator channel (routes/operator-catalog.ts), so both say the same.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { RATINGS_FIELDS } from '#lib/schemas/catalog.ts';

export type CatalogFormat = 'json' | 'csv';

export const CSV_COLUMNS = [
  '_id',
  'name',
  'description',
  'category',
  'brand',
  'price',
  'discount',
  'stock',
  ...RATINGS_FIELDS,
  'images',
  'specifications',
  'createdAt',
] as const;

export interface RawRow {
  /** 1-based data row. */
  row: number;
  /** CSV line where the row ends; absent for JSON. */
  line?: number;
  value: unknown;
}

export interface CatalogFile {
  format: CatalogFormat;
  categories: unknown[];
  products: RawRow[];
}

/**
 * The largest catalogue file a running store takes through its operator channel (an export of
 * 10,000 products is about 7 MB of JSON); a larger one is imported while the store is stopped.
 */
export const MAX_CATALOG_FILE_BYTES = 64 * 1024 * 1024;

export function formatOf(file: string, explicit?: string): CatalogFormat {
  const f = (explicit ?? file.split('.').pop() ?? '').toLowerCase();
  if (f === 'csv') return 'csv';
  if (f === 'json') return 'json';
  throw new Error(`Cannot tell the format of '${file}': use a .json or .csv file, or --format json|csv.`);
}

/**
 * `Name: value; Name: value` → specifications. Pairs may also stand one a line (what export
 * writes when a value holds a ';', e.g. 'Wash cold; do not bleach'). Throws on a pair without a colon.
 */
export function parseSpecifications(text: string): { name: string; value: string }[] {
  return text
    .split(text.includes('\n') ? /\r?\n/ : ';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      if (at <= 0) throw new Error(`expected 'Name: value' pairs separated by ';', got '${part}'`);
      return { name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() };
    });
}

export function formatSpecifications(specs: readonly { name: string; value: string }[]): string {
  const pairs = specs.map((s) => `${s.name}: ${s.value}`);
  return pairs.join(pairs.some((p) => p.includes(';')) ? '\n' : '; ');
}

export function parseCatalog(text: string, format: CatalogFormat): CatalogFile {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new Error(`The file is not valid JSON: ${(err as Error).message}`);
    }
    const list = Array.isArray(data) ? data : (data as { products?: unknown })?.products;
    if (!Array.isArray(list)) throw new Error('A JSON catalogue is an array of products or {"categories": [...], "products": [...]}.');
    const cats = Array.isArray(data) ? [] : (data as { categories?: unknown }).categories;
    if (cats !== undefined && !Array.isArray(cats)) throw new Error('"categories" must be an array.');
    return { format, categories: cats ?? [], products: list.map((value, i) => ({ row: i + 1, value })) };
  }
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, { columns: true, bom: true, skip_empty_lines: true, info: true }) as typeof records;
  } catch (err) {
    throw new Error(`The file is not valid CSV: ${(err as Error).message}`);
  }
  return {
    format,
    categories: [],
    products: records.map(({ record, info }, i) => ({ row: i + 1, line: info.lines, value: csvRecordToInput(record) })),
  };
}

/** CSV cells are strings: empty cells are left out (defaults apply); lists are split. */
function csvRecordToInput(record: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(record)) {
    const value = cell.trim();
    if (value === '') continue;
    if (key === 'images') out.images = value.split('|').map((s) => s.trim()).filter(Boolean);
    else if (key === 'specifications') {
      try {
        out.specifications = parseSpecifications(value);
      } catch (err) {
        out.specifications = { invalid: (err as Error).message };
      }
    } else out[key] = value;
  }
  return out;
}
