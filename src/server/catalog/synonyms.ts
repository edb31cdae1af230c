/**
 * The search dictionary in catalogue files and in the database (the rule and the words are
 * src/lib/search/dictionary.ts'):
 *
 * 1. A file's dictionary (a JSON `synonyms` section, or a CSV whose header is `words,means`) is
 *    checked entry by entry with the editors' own rules (synonymProblems), and across entries: a
 *    typed word or phrase may stand in one entry only (each would say something else). Problems
 *    name the entry (JSON: `Synonym 3`; CSV: the spreadsheet's row) and the field.
 * 2. Importing a file with a dictionary replaces the whole dictionary in the import's transaction;
 *    a dictionary equal to the stored one (same entries in the same order) is not written at all.
 * 3. Export writes the dictionary in id order (the order editors added it), tidied as it is stored.
 */
import { asc, sql } from 'drizzle-orm';
import { phraseKey, synonymProblems, tidySynonym, type SynonymEntry } from '#lib/search/dictionary.ts';
import type { Database } from '#server/db/client.ts';
import { synonyms } from '#server/db/schema.ts';
import type { CatalogFormat, RawRow } from './file-format.ts';
import type { RowError } from './validate-catalog.ts';

/** What a file's dictionary would do to the stored one. */
export interface DictionaryChange {
  /** Entries in the file (they replace the dictionary). */
  entries: number;
  /** Entries stored now. */
  before: number;
  /** True when the file's dictionary is the stored one: nothing is written. */
  same: boolean;
}

const ENTRY_FIELDS = new Set(['words', 'means']);

/** `Synonym 3 ("chawal")` in a JSON file, `Row 3 ("chawal")` in a CSV (numbered as a spreadsheet shows it). */
function entryName(r: RawRow, format: CatalogFormat): string {
  const words = (r.value as { words?: unknown })?.words;
  const first = Array.isArray(words) && typeof words[0] === 'string' && words[0].trim() ? ` ("${words[0].trim().slice(0, 40)}")` : '';
  return `${format === 'csv' ? 'Row' : 'Synonym'} ${r.row}${first}`;
}

function entryError(r: RawRow, format: CatalogFormat, field: string, message: string): RowError {
  const line = r.line !== undefined && r.line !== r.row ? ` [CSV line ${r.line}]` : '';
  return { row: r.row, section: 'synonyms', field, message, line: r.line, text: `${entryName(r, format)}, field ${field}: ${message}${line}` };
}

/** The file's entries, tidied as they would be stored, and every problem (rule 1). */
export function checkSynonymRows(rows: readonly RawRow[], format: CatalogFormat): { entries: SynonymEntry[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const entries: SynonymEntry[] = [];
  const firstEntryOf = new Map<string, RawRow>();
  for (const r of rows) {
    if (!r.value || typeof r.value !== 'object' || Array.isArray(r.value)) {
      errors.push(entryError(r, format, 'entry', 'must be {"words": [...], "means": [...]}'));
      continue;
    }
    const unknown = Object.keys(r.value).filter((k) => !ENTRY_FIELDS.has(k));
    for (const field of unknown) errors.push(entryError(r, format, field, 'is not a field of a dictionary entry (words, means)'));
    const problems = synonymProblems(r.value as { words?: unknown; means?: unknown });
    for (const p of problems) errors.push(entryError(r, format, p.field, p.message));
    if (problems.length || unknown.length) continue;
    const entry = tidySynonym(r.value as SynonymEntry);
    for (const word of entry.words) {
      const key = phraseKey(word);
      const first = firstEntryOf.get(key);
      if (first) errors.push(entryError(r, format, 'words', `"${word}" is also in ${entryName(first, format)}: a word shoppers type may be in one entry only.`));
      else firstEntryOf.set(key, r);
    }
    entries.push(entry);
  }
  return { entries, errors };
}

/** The stored dictionary, in the order it was added. */
export async function readSynonyms(db: Database): Promise<SynonymEntry[]> {
  const rows = await db.select({ words: synonyms.words, means: synonyms.means }).from(synonyms).orderBy(asc(synonyms.id));
  return rows.map((r) => ({ words: r.words, means: r.means }));
}

/** What importing `entries` would do to the stored dictionary (rule 2). */
export async function dictionaryChange(db: Database, entries: readonly SynonymEntry[]): Promise<DictionaryChange> {
  const stored = await readSynonyms(db);
  return { entries: entries.length, before: stored.length, same: JSON.stringify(stored) === JSON.stringify(entries) };
}

/** Entries a multi-row INSERT: 3 parameters each stays far below PostgreSQL's 65,535. */
const SYNONYM_BATCH = 1000;

/**
 * Replaces the whole dictionary with `entries`, in the caller's transaction (every entry is new:
 * version 1, `updatedBy` the importing member, or null from the command line).
 */
export async function replaceSynonyms(tx: Database, entries: readonly SynonymEntry[], updatedBy: string | null, now: Date): Promise<void> {
  await tx.execute(sql`delete from ${synonyms}`);
  for (let i = 0; i < entries.length; i += SYNONYM_BATCH) {
    await tx.insert(synonyms).values(entries.slice(i, i + SYNONYM_BATCH).map((e) => ({ words: e.words, means: e.means, createdAt: now, updatedAt: now, updatedBy })));
  }
}
