/**
 * Imports a catalogue file: every row checked first (validate-catalog.ts), then categories and
 * products upserted by id in one transaction.
 */
import { inTransaction, type Database } from '#server/db/client.ts';
import { existingProductIds, toProductRow, upsertCategories, upsertProducts } from './bulk.ts';
import type { CatalogFile } from './file-format.ts';
import { checkCatalog, givesRatings, type RowError } from './validate-catalog.ts';

export interface ImportResult {
  ok: boolean;
  errors: RowError[];
  created: number;
  updated: number;
  categories: number;
}

/** A turn of the event loop between long steps, for a store that imports while it serves (bulk.ts says why). */
const betweenSteps = () => new Promise<void>((done) => setImmediate(done));

/**
 * Validates, then upserts categories and products by id in one transaction. Any error (in a row,
 * or from the database) leaves the catalogue exactly as it was.
 */
export async function importCatalog(db: Database, file: CatalogFile): Promise<ImportResult> {
  const result = await checkCatalog(db, file);
  if (!result.ok) return { ok: false, errors: result.errors, created: 0, updated: 0, categories: 0 };

  const now = new Date();
  const rows = result.products.map((p) => toProductRow(p, result.categoryOf(p.category)!, now));
  await betweenSteps();
  return inTransaction(db, async (t) => {
    await upsertCategories(t, result.categories, now);
    const existing = await existingProductIds(t, rows.map((r) => r.id));
    await betweenSteps();
    const keepCreatedAt = new Set(result.products.filter((p) => !p.createdAt && existing.has(p._id)).map((p) => p._id));
    const keepRatings = new Set(result.products.filter((p) => !givesRatings(p) && existing.has(p._id)).map((p) => p._id));
    await upsertProducts(t, rows, keepCreatedAt, keepRatings);
    return { ok: true, errors: [], created: rows.length - existing.size, updated: existing.size, categories: result.categories.length };
  });
}
