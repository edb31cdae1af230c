/**
 * The catalogue files page's own rules, pure (catalog-files.test.ts): which format a chosen file is,
 * the size the store takes (said before a byte is sent), a check's problems grouped by row, its
 * counts in words, and whether "Apply" may be offered (only after a clean check of this very file).
 */
import { CATALOG_FILE_MESSAGES, changesAnything, pluralize } from '#lib/catalog-file-messages.ts';
import type { CatalogFormat, FileProblem, FileReport } from './bulk-api.ts';

/** The largest file the running store checks or imports (a larger one: `npm run catalog`, store stopped). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The format of a chosen file, by its name (then its type); null for anything else, said in words by `fileRefusal`. */
export function formatOf(file: { name: string; type: string }): CatalogFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'csv';
  if (name.endsWith('.json') || file.type === 'application/json') return 'json';
  return null;
}

/** Why a chosen file cannot be sent, in words, or null when it can. */
export function fileRefusal(file: { name: string; type: string; size: number }): string | null {
  if (!formatOf(file)) return 'Please choose a CSV or JSON catalogue file (its name ends in .csv or .json).';
  if (file.size === 0) return 'This file is empty. Please choose the catalogue file again.';
  if (file.size > MAX_FILE_BYTES) {
    return `This file is ${megabytes(file.size)}; the store takes catalogue files of at most ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it, or import it with npm run catalog while the store is stopped.`;
  }
  return null;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One row's problems, in the order of the file. A problem said once for many rows has no id and stands alone. */
export interface RowProblems {
  row: number;
  id?: string;
  /** `Row 7 (shan-masala)`, or the importer's own sentence for a problem of many rows. */
  title: string;
  problems: { field: string; message: string }[];
}

/** The problems grouped by row (a row's several fields under one heading), rows in file order. */
export function groupProblems(errors: FileProblem[]): RowProblems[] {
  const groups = new Map<string, RowProblems>();
  for (const e of errors) {
    const many = e.text.startsWith('Rows ');
    const key = many ? `many:${e.text}` : `${e.section ?? 'row'}:${e.row}`;
    // A dictionary entry is titled as the importer names it (`Synonym 3 ("chawal")`, or its CSV row).
    const title = many ? e.text : e.section ? e.text.slice(0, e.text.indexOf(', field ')) : `Row ${e.row}${e.id ? ` (${e.id})` : ''}`;
    const group = groups.get(key) ?? { row: e.row, id: e.id, title, problems: [] };
    if (!many) group.problems.push({ field: e.field, message: e.message });
    groups.set(key, group);
  }
  // Categories first, then products, then the dictionary's entries, each in file order.
  const order = (g: RowProblems) => (g.title.startsWith('Category ') ? -1 : g.title.startsWith('Synonym ') ? 1 : 0);
  return [...groups.values()].sort((a, b) => order(a) - order(b) || a.row - b.row);
}

/** The check's counts: "3 problems in 3 rows", or what applying would change. */
export function problemsText(errors: FileProblem[]): string {
  const rows = new Set(errors.map((e) => `${e.section ?? 'row'}:${e.row}`)).size;
  return `${pluralize(errors.length, 'problem')} in ${pluralize(rows, 'row')}. Nothing was changed: fix the file and check it again.`;
}

/** What a clean file would change (a check) or changed (an import). */
export function changesText(report: FileReport, done: boolean): string {
  const { created, changed, unchanged, synonyms } = report.changes;
  if (!changesAnything(report.changes)) {
    const products = created.length + changed.length + unchanged || !synonyms ? `${pluralize(unchanged, 'product')} already as in the file` : '';
    return `Nothing to change: ${[products, synonyms ? CATALOG_FILE_MESSAGES.dictionary(synonyms) : ''].filter(Boolean).join('; ')}.`;
  }
  const parts = [
    created.length ? pluralize(created.length, 'new product') : '',
    changed.length ? `${pluralize(changed.length, 'product')} changed` : '',
    unchanged ? `${unchanged} unchanged` : '',
    synonyms ? CATALOG_FILE_MESSAGES.dictionary(synonyms) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return done ? `Applied: ${parts}.` : `The file is clean. Applying it would make ${parts}.`;
}

/** What identifies a chosen file: a new choice, or the same name changed on disk, needs a new check. */
export const fileKey = (file: { name: string; size: number; lastModified: number }) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/** "Apply" is offered only after a clean check of the file chosen now, with something to change. */
export function canApply(checked: { key: string; report: FileReport } | undefined, chosenKey: string | undefined): boolean {
  if (!checked || checked.key !== chosenKey || !checked.report.ok) return false;
  return changesAnything(checked.report.changes);
}
