/**
 * The stock grid's and the catalogue files page's calls to the staff API, over the staff pages' one
 * way to it (staffFetch: a 401 goes to the sign-in). Replies are typed with the API's own types,
 * not parsed again (staffFetch says why). Each returns `{ ok: true, data }` or a refusal with the
 * API's words and its whole reply (a save's problem rows and conflicts, a file's problems); it
 * never throws.
 */
import { failureMessage, StaffApiError, staffFetch, STAFF_API } from '#features/staff/api.ts';
import { ApiClient } from '#lib/api.ts';
import type { StaffBulkReply, StaffProductList } from '#lib/schemas/staff-catalog.ts';
import type { BulkChange, Conflict, RowProblem } from './stock-grid.ts';

export type Refusal<R> = { ok: false; status: number; message: string; reply?: R };
export type CallResult<T, R = unknown> = { ok: true; data: T } | Refusal<R>;

async function call<T, R = unknown>(path: string, req: Parameters<typeof staffFetch>[1] = {}): Promise<CallResult<T, R>> {
  try {
    return { ok: true, data: await staffFetch<T>(path, req) };
  } catch (error) {
    if (error instanceof StaffApiError) return { ok: false, status: error.status, message: error.message, reply: error.reply as R | undefined };
    return { ok: false, status: 0, message: failureMessage(error) };
  }
}

export interface ListQuery {
  q?: string;
  category?: string;
  stock?: 'all' | 'low' | 'out';
  page?: number;
}

/** A page of 50 products, newest change first. */
export const listProducts = (query: ListQuery) => call<StaffProductList>('/products', { query: { ...query, limit: 50 } });

/** The shop's categories (id and name) for the grid's filter: the shop's own list, in display order. */
export async function listCategories(): Promise<CallResult<{ _id: string; name: string }[]>> {
  const r = await new ApiClient('').request('/api/category');
  if (!r.ok) return { ok: false, status: r.error.status ?? 0, message: r.error.message };
  const data = (r.data as { data?: { _id: string; name: string }[] }).data ?? [];
  return { ok: true, data: data.map(({ _id, name }) => ({ _id, name })) };
}

/** A refused save: problems by row, or the rows someone else changed meanwhile. */
export interface BulkRefusal {
  error: string;
  rows?: RowProblem[];
  conflicts?: Conflict[];
}

/** The grid's ONE save: all the changed rows, all or nothing. */
export const saveFigures = (changes: BulkChange[]) => call<StaffBulkReply, BulkRefusal>('/products/bulk', { method: 'POST', body: { changes } });

export const CATALOG_FORMATS = ['csv', 'json'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** One problem of a file, as the importer words it. */
export interface FileProblem {
  row: number;
  id?: string;
  field: string;
  message: string;
  text: string;
}

/** What a check (or an import) of a catalogue file found. */
export interface FileReport {
  ok: boolean;
  errors: FileProblem[];
  changes: { created: string[]; changed: { id: string; fields: string[] }[]; unchanged: number };
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
  call<FileReport, FileReport & { error?: string }>(`/catalog/${action}`, {
    method: 'POST',
    query: { format },
    body: new Blob([file], { type: TYPES[format] }),
    timeoutMs: FILE_TIMEOUT_MS,
  });

/** The download link of the whole catalogue (the session cookie goes with a same-origin link). */
export const exportHref = (format: CatalogFormat) => `${STAFF_API}/catalog/export?format=${format}`;
