/**
 * Imports a catalogue file: every row checked and compared with the catalogue first
 * (checkCatalog, the same path as validation), then the categories and the new and changed
 * products written in one transaction. An unchanged product is not written at all (its
 * `updatedAt` stays, and nothing is rebuilt for it).
 */
import { inTransaction, type Database } from '#server/db/client.ts';
import { upsertCategories, upsertProducts } from './bulk.ts';
import type { CatalogFile } from './file-format.ts';
import { checkCatalog, type CatalogChanges, type RowError } from './validate-catalog.ts';

export interface ImportResult {
  ok: boolean;
  errors: RowError[];
  changes: CatalogChanges;
  categories: number;
}

/** A turn of the event loop between long steps, for a store that imports while it serves (bulk.ts says why). */
const betweenSteps = () => new Promise<void>((done) => setImmediate(done));

/**
 * Validates, then writes the categories and the new and changed products in one transaction. Any
 * error (in a row, or from the database) leaves the catalogue exactly as it was.
 */
export async function importCatalog(db: Database, file: CatalogFile): Promise<ImportResult> {
  const result = await checkCatalog(db, file);
  if (!result.ok) return { ok: false, errors: result.errors, changes: result.changes, categories: 0 };
  await betweenSteps();
  return inTransaction(db, async (t) => {
    await upsertCategories(t, result.categories);
    await upsertProducts(t, result.rows, result.keepCreatedAt, result.keepRatings);
    return { ok: true, errors: [], changes: result.changes, categories: result.categories.length };
  });
}
