/**
 * Imports a catalogue file: every row checked and compared with the catalogue first
 * (checkCatalog, the same path as validation), then the categories and the new and changed
 * products written in one transaction through the catalogue's one save path (edit.ts): only the
 * fields the file changes are written, each changed product's version is raised, and each
 * product written gets its `catalog.import` audit row, with one `catalog` row for the file. An
 * unchanged product is not written at all (its `updatedAt` and version stay, and nothing is
 * rebuilt for it). A file with a search dictionary replaces the whole dictionary in the same
 * transaction (synonyms.ts), unless it is the one stored; the file's audit row counts its entries.
 */
import { inTransaction, type Database } from '#server/db/client.ts';
import type { NewProductRow } from '#server/db/schema.ts';
import { upsertCategories } from './bulk.ts';
import { COMMAND_LINE_EDITOR, saveEdits, type Edit, type EditField, type Editor } from './edit.ts';
import type { CatalogFile } from './file-format.ts';
import { replaceSynonyms } from './synonyms.ts';
import { checkCatalog, type CatalogChanges, type RowError } from './validate-catalog.ts';

export interface ImportResult {
  ok: boolean;
  errors: RowError[];
  changes: CatalogChanges;
  categories: number;
}

/** A turn of the event loop between long steps, for a store that imports while it serves (bulk.ts says why). */
const betweenSteps = () => new Promise<void>((done) => setImmediate(done));

/** A file's field as the row to write holds it. */
const valueOf = (row: NewProductRow, field: EditField): unknown => (field === 'category' ? row.categoryId : row[field as Exclude<EditField, 'category'>]);

/**
 * Validates, then writes the categories and the new and changed products in one transaction. Any
 * error (in a row, or from the database) leaves the catalogue exactly as it was. `editor` is who
 * imports (the command line when not a member of staff).
 */
export async function importCatalog(db: Database, file: CatalogFile, editor: Editor = COMMAND_LINE_EDITOR, now = new Date()): Promise<ImportResult> {
  const result = await checkCatalog(db, file, now);
  if (!result.ok) return { ok: false, errors: result.errors, changes: result.changes, categories: 0 };
  await betweenSteps();
  const fieldsOf = new Map(result.changes.changed.map((c) => [c.id, c.fields as EditField[]]));
  const edits: Edit[] = result.rows.map((row) => {
    const before = result.stored.get(row.id);
    const fields = fieldsOf.get(row.id);
    if (!before || !fields) return { kind: 'create', row, action: 'catalog.import' };
    return { kind: 'change', before, set: Object.fromEntries(fields.map((f) => [f, valueOf(row, f)])), action: 'catalog.import' };
  });
  const dictionary = result.synonyms && !result.changes.synonyms?.same ? result.synonyms : undefined;
  const counts = {
    created: result.changes.created.length,
    changed: result.changes.changed.length,
    unchanged: result.changes.unchanged,
    categories: result.categories.length,
    ...(dictionary ? { synonyms: dictionary.length } : {}),
  };
  return inTransaction(db, async (t) => {
    await upsertCategories(t, result.categories, now);
    if (dictionary) await replaceSynonyms(t, dictionary, editor.staffId, now);
    await saveEdits(t, edits, editor, now, [{ at: now, ...editor, action: 'catalog.import', recordKind: 'catalog', recordId: now.toISOString(), after: counts }]);
    return { ok: true, errors: [], changes: result.changes, categories: result.categories.length };
  });
}
