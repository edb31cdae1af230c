/**
 * The stock grid's save and the catalogue files page's calls to the staff API (the grid's list and
 * the categories are the product pages' calls, products-api.ts), over the staff pages' one
 * way to it (staffFetch: a 401 goes to the sign-in). Replies are typed with the API's own types,
 * not parsed again (staffFetch says why). Each returns `{ ok: true, data }` or a refusal with the
 * API's words and its whole reply (a save's problem rows and conflicts, a file's problems); it
 * never throws.
 */
import { staffCall as call, STAFF_API, type StaffResult } from '#features/staff/api.ts';
import type { DictionaryChange } from '#lib/catalog-file-messages.ts';
import type { BulkChange, Conflict, RowProblem } from './stock-grid.ts';

export type CallResult<T, R = unknown> = StaffResult<T, R>;
export type Refusal<R> = Extract<CallResult<never, R>, { ok: false }>;

/** The grid's save as written: each product's figures and new version. */
export interface SavedFigures {
  products: { _id: string; version: number; price: number; discount: number; stock: number }[];
}

/** A refused save: problems by row, or the rows someone else changed meanwhile. */
export interface BulkRefusal {
  rows?: RowProblem[];
  conflicts?: Conflict[];
}

/** The grid's ONE save: all the changed rows, all or nothing. */
export const saveFigures = (changes: BulkChange[]) => call<SavedFigures, BulkRefusal>('/products/bulk', { method: 'POST', body: { changes } });

export const CATALOG_FORMATS = ['csv', 'json'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** One problem of a file, as the importer words it. */
export interface FileProblem {
  row: number;
  id?: string;
  field: string;
  message: string;
  /** `synonyms`: an entry of the file's search dictionary. */
  section?: 'synonyms' | 'categories';
  text: string;
}

/** What a check (or an import) of a catalogue file found. */
export interface FileReport {
  ok: boolean;
  errors: FileProblem[];
  changes: { created: string[]; changed: { id: string; fields: string[] }[]; unchanged: number; synonyms?: DictionaryChange };
  categories: number;
  /** How the file was read, when the importer has something to say (a file not in UTF-8). */
  note?: string;
}

/** The Content-Type the API takes for each format (a browser may give a CSV file another, or none). */
const TYPES: Record<CatalogFormat, string> = { csv: 'text/csv', json: 'application/json' };

/** A large file takes time to send and check: a minute, not the usual 10 s. */
const FILE_TIMEOUT_MS = 60_000;

/** `check`: what the file would change, nothing written; `import`: the same, then written (refused when it has problems). */
export const sendCatalogFile = (action: 'check' | 'import', file: Blob, format: CatalogFormat) =>
  call<FileReport, { report?: FileReport }>(`/catalog/${action}`, {
    method: 'POST',
    query: { format },
    body: new Blob([file], { type: TYPES[format] }),
    timeoutMs: FILE_TIMEOUT_MS,
  });

/** The download link of the whole catalogue, or of the search dictionary alone (the session cookie goes with a same-origin link). */
export const exportHref = (format: CatalogFormat, part?: 'synonyms') => `${STAFF_API}/catalog/export?format=${format}${part ? `&part=${part}` : ''}`;
