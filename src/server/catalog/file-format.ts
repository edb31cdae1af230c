/**
 * Catalogue files for editors, as JSON (an array of products, or `{categories, products, synonyms}`,
 * any section absent) or CSV (products, header row, `images` pipe-separated, `specifications` as
 * `Name: value; Name: value`, `onSale` true or false; or the search dictionary, header `words,means`,
 * each cell's words or phrases `|`-separated):
 * read into rows here, checked by validate-catalog.ts, written to the database by
 * import-catalog.ts and from it by export-catalog.ts. Export writes what import reads.
 *
 * `npm run catalog` runs these on the database it opens, and a running store runs the same for it
 * through its operator channel (routes/operator-catalog.ts), so both say the same.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { CATALOG_FILE_MESSAGES as FILE } from '#lib/catalog-file-messages.ts';
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
  'onSale',
  'createdAt',
] as const;

export interface RawRow {
  /** CSV: the row as a spreadsheet shows it (the header is row 1). JSON: the product's place in the list, from 1. */
  row: number;
  /** CSV line where the row ends; absent for JSON. */
  line?: number;
  value: unknown;
}

export interface CatalogFile {
  format: CatalogFormat;
  categories: unknown[];
  products: RawRow[];
  /** The search dictionary's entries (numbered like products); absent when the file carries no dictionary (it is then left as it is). */
  synonyms?: RawRow[];
}

/** The header of a dictionary CSV (in any case, either order). */
export const SYNONYM_CSV_COLUMNS = ['words', 'means'] as const;

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

/** What a file's bytes say as text, and a note when it was not UTF-8 but certainly Windows-1252. */
export interface DecodedFile {
  text: string;
  note?: string;
}

/** Letters, and the signs an Excel file in Pakistan or Europe carries (’ “ ” – — … € £ ° © ® ™ · × ½). */
const WINDOWS_1252_TEXT = /^[\p{L}\u2018\u2019\u201C\u201D\u2013\u2014\u2026\u20AC\u00A3\u00B0\u00A9\u00AE\u2122\u00B7\u00D7\u00BD\u00BC\u00BE\u00A0\u2022]$/u;

/**
 * A catalogue file's bytes as text. UTF-8 (a byte-order mark is dropped) is read as it is. A file
 * that is not UTF-8 is read as Windows-1252 only when that is certain: every byte above 0x7F is a
 * letter or a common sign there, and none is a control byte (UTF-16, Latin-1 controls, binary);
 * then `note` says so. Anything else throws CATALOG_FILE_MESSAGES.notUtf8: a file is never read
 * with letters replaced.
 */
export function decodeCatalogBytes(bytes: Uint8Array): DecodedFile {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body) };
  } catch {
    if (hasBom) throw new Error(FILE.notUtf8);
  }
  const text = new TextDecoder('windows-1252').decode(body);
  const controls = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/.test(text);
  const high = [...new Set(text.match(/[^\u0000-\u007F]/gu) ?? [])];
  if (controls || !high.every((c) => WINDOWS_1252_TEXT.test(c))) throw new Error(FILE.notUtf8);
  return { text, note: FILE.readAsWindows1252 };
}

export function parseCatalog(text: string, format: CatalogFormat): CatalogFile {
  // A byte-order mark that reached the text (a file read by other means) is not part of it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new Error(FILE.notJson((err as Error).message));
    }
    if (Array.isArray(data)) return { format, categories: [], products: data.map((value, i) => ({ row: i + 1, value })) };
    const sections = (data && typeof data === 'object' ? data : {}) as { categories?: unknown; products?: unknown; synonyms?: unknown };
    const { categories: cats, products: list, synonyms } = sections;
    if ((list !== undefined && !Array.isArray(list)) || (cats === undefined && list === undefined && synonyms === undefined)) throw new Error(FILE.jsonShape);
    if (cats !== undefined && !Array.isArray(cats)) throw new Error(FILE.jsonCategories);
    if (synonyms !== undefined && !Array.isArray(synonyms)) throw new Error(FILE.jsonSynonyms);
    return {
      format,
      categories: cats ?? [],
      products: ((list ?? []) as unknown[]).map((value, i) => ({ row: i + 1, value })),
      ...(synonyms !== undefined ? { synonyms: (synonyms as unknown[]).map((value, i) => ({ row: i + 1, value })) } : {}),
    };
  }
  const { header, records } = readCsv(text);
  if (isSynonymHeader(header)) return { format, categories: [], products: [], synonyms: synonymRows(header, records) };
  return { format, categories: [], products: productRows(header, records) };
}

/**
 * The separator the header row uses: a comma, or a semicolon (what Excel writes where the comma is
 * the decimal sign), or a tab (a sheet copied as text), whichever it holds most of.
 */
export function separatorOf(text: string): ',' | ';' | '\t' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = ([',', ';', '\t'] as const).map((sep) => [sep, header.split(sep).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** Header names an editor's spreadsheet may give for a column, squeezed for a "did you mean". */
const squeeze = (name: string) => name.toLowerCase().replace(/\(.*?\)|[^a-z0-9]/g, '');
const REQUIRED_COLUMNS = ['_id', 'name', 'category', 'price'] as const;
const RETIRED_COLUMNS = ['rating', 'numReviews'];

/** The header row's problems, or undefined when every column is known and the required ones are there. */
function headerProblems(header: string[]): string | undefined {
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = header.filter((h) => !known.has(h) && h !== '');
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  const repeated = [...new Set(header.filter((h, i) => h !== '' && header.indexOf(h) !== i))];
  if (!unknown.length && !missing.length && !repeated.length) return undefined;
  const hints = unknown.flatMap((given) => {
    if (RETIRED_COLUMNS.includes(given)) return [FILE.retiredColumn(given)];
    const match = CSV_COLUMNS.find((c) => squeeze(c) === squeeze(given) || (squeeze(given).startsWith(squeeze(c)) && squeeze(c).length >= 4));
    return match ? [FILE.didYouMean(given, match)] : [];
  });
  return FILE.badHeader({ unknown, missing, repeated, hints }, CSV_COLUMNS);
}

type CsvRecord = { record: string[]; info: { lines: number } };

const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * The CSV's records, and its header (the first row that is not blank). Rows are numbered as a
 * spreadsheet shows them: the header is row 1, a blank line is a row too, and a cell spread over
 * several lines is still one row (`line` then says where it ends).
 */
function readCsv(text: string): { header: string[]; records: { row: number; line: number; cells: string[] }[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text, { delimiter: separatorOf(text), relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as CsvRecord[];
  } catch (err) {
    const e = err as { code?: string; lines?: number; records?: number; message: string };
    const why =
      e.code === 'CSV_INVALID_CLOSING_QUOTE' || e.code === 'INVALID_OPENING_QUOTE' || e.code === 'CSV_INVALID_OPENING_QUOTE'
        ? FILE.quoteProblem
        : e.code === 'CSV_QUOTE_NOT_CLOSED'
          ? FILE.unclosedQuote
          : e.message;
    throw new Error(FILE.badCsv((e.records ?? 0) + 1, why));
  }
  const first = records.findIndex((r) => !blank(r.record));
  if (first < 0) throw new Error(FILE.emptyCsv);
  const header = records[first].record.map((h) => h.trim());
  const rows = records.flatMap(({ record, info }, i) => (i <= first || blank(record) ? [] : [{ row: i + 1, line: info.lines, cells: record }]));
  return { header, records: rows };
}

/** Refuses the first row with more cells than the header has columns (a separator outside quotes). */
function checkWidths(header: string[], records: { row: number; cells: string[] }[]): void {
  for (const r of records) {
    if (r.cells.length > header.length && !blank(r.cells.slice(header.length))) throw new Error(FILE.badCsv(r.row, FILE.tooManyCells(r.cells.length, header.length)));
  }
}

/** A header naming exactly the dictionary's two columns (any case, any order): the file is a dictionary. */
function isSynonymHeader(header: string[]): boolean {
  const named = header.filter((h) => h !== '').map((h) => h.toLowerCase());
  return named.length === 2 && SYNONYM_CSV_COLUMNS.every((c) => named.includes(c));
}

/** A dictionary CSV's rows: each cell's words or phrases split on `|`, empty ones left out. */
function synonymRows(header: string[], records: { row: number; line: number; cells: string[] }[]): RawRow[] {
  const at = (name: string) => header.findIndex((h) => h.toLowerCase() === name);
  const list = (cell: string | undefined) => (cell ?? '').split('|').map((s) => s.trim()).filter(Boolean);
  checkWidths(header, records);
  return records.map(({ row, line, cells }) => ({ row, line, value: { words: list(cells[at('words')]), means: list(cells[at('means')]) } }));
}

/** The products of a CSV, the header checked before any row: unknown, missing or repeated columns are named once. */
function productRows(header: string[], records: { row: number; line: number; cells: string[] }[]): RawRow[] {
  const problems = headerProblems(header);
  if (problems) throw new Error(problems);
  checkWidths(header, records);
  const rows: RawRow[] = records.map(({ row, line, cells: record }) => {
    const cells = Object.fromEntries(header.map((name, k) => [name, record[k] ?? ''] as const).filter(([name]) => name !== ''));
    return { row, line, value: csvRecordToInput(cells) };
  });
  readDates(rows);
  return rows;
}

/**
 * Reads the createdAt column. A column that writes any date month first (11/27/2026: no 27th
 * month) writes them all so, and its 03/04/2026 would be misread as 3 April: every day-first-form
 * date in it is refused then, not only the impossible ones.
 */
function readDates(rows: RawRow[]): void {
  const cells = rows.map((r) => r.value as Record<string, unknown>).filter((v) => typeof v.createdAt === 'string');
  const monthFirst = cells.some((v) => {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}\b/.exec(v.createdAt as string);
    return m !== null && +m[1] <= 12 && +m[2] > 12;
  });
  for (const v of cells) {
    const text = v.createdAt as string;
    const read = monthFirst && /^\d{1,2}[/.-]/.test(text) ? undefined : readSpreadsheetDate(text);
    v.createdAt = read ?? { invalid: monthFirst ? FILE.monthFirstDates : FILE.badDate };
  }
}

/** `27/11/2026 14:05` (day first, as Pakistan writes dates) or `2026-11-27 14:05`, seconds optional. */
const SPREADSHEET_DATE = /^(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}))(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A date as an editor's spreadsheet writes it, as the ISO time import stores: ISO with its offset
 * stays; `2026-11-27`, `27/11/2026` (also with `-` or `.`), each optionally with `14:05` or
 * `14:05:30`, is Pakistan time (UTC+5). Day first always: 03/04/2026 is 3 April, and 11/27/2026
 * (month first, as US Excel writes) is refused rather than guessed. Undefined when unreadable.
 */
export function readSpreadsheetDate(text: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    return Number.isNaN(Date.parse(text)) ? undefined : text;
  }
  const m = SPREADSHEET_DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = m[1] ? [+m[1], +m[2], +m[3]] : [+m[6], +m[5], +m[4]];
  const [hour, minute, second] = [+(m[7] ?? 0), +(m[8] ?? 0), +(m[9] ?? 0)];
  const utc = Date.UTC(year, month - 1, day, hour - 5, minute, second);
  const back = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31/02 into March: a date that does not read back as written does not exist.
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || back.getUTCDate() !== day || back.getUTCMonth() !== month - 1) return undefined;
  return new Date(utc).toISOString();
}

/** CSV cells are strings: empty cells are left out (defaults apply); lists are split; dates read. */
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
    } else if (key === 'createdAt') out.createdAt = value; // read with the whole column, below
    else out[key] = value;
  }
  return out;
}
