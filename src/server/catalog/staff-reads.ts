/**
 * What the staff catalogue pages read: the products list (search over id, name and brand, filters,
 * newest change first), a product's history (its audit rows) and whether the served pages show a
 * product as it is now stored.
 */
import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOW_STOCK, type StaffHistory, type StaffLive, type StaffProductList } from '#lib/schemas/staff-catalog.ts';
import type { Database } from '#server/db/client.ts';
import { auditLog, categories, products, staff } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { DIGESTS_FILE } from '#site-build/build-site.ts';
import { readFailure, type SiteBuildFailure } from '#site-build/build-failure.ts';
import type { CatalogueDigests } from './digests.ts';
import { productDigest } from './digests.ts';
import { EDIT_TEXT } from './edit.ts';
import { paginate } from './list-products.ts';
import { containsPattern, searchWords } from './search.ts';

export interface StaffListQuery {
  q?: string;
  category?: string;
  stock?: 'all' | 'low' | 'out';
  sale?: 'on' | 'off' | 'all';
  page?: number;
  limit?: number;
}

/**
 * The text a word of `q` must appear in: the id, the name and the brand joined by spaces (a word
 * holds no whitespace, so it matches inside one of them), ASCII case folded as the shop's search does.
 */
const haystack = sql`lower((${products.id} || ' ' || ${products.name} || ' ' || ${products.brand}) collate "C")`;

/** The list's conditions: every word of `q` in the id, the name or the brand. */
function listConditions(q: StaffListQuery): SQL[] {
  const where: SQL[] = [];
  for (const word of searchWords(q.q)) where.push(sql`${haystack} like ${containsPattern(word)}`);
  if (q.category) where.push(eq(products.categoryId, q.category));
  if (q.stock === 'out') where.push(eq(products.stock, 0));
  if (q.stock === 'low') where.push(sql`${products.stock} between 1 and ${LOW_STOCK}`);
  if (q.sale === 'on' || q.sale === undefined) where.push(eq(products.onSale, true));
  if (q.sale === 'off') where.push(eq(products.onSale, false));
  return where;
}

/**
 * A page of the list, newest change first (the `updated_at` index gives the order; a search or a
 * filter is a scan of the table, about as fast as the shop's own search).
 */
export async function listStaffProducts(db: Database, q: StaffListQuery): Promise<StaffProductList> {
  const page = q.page ?? 1;
  const limit = q.limit ?? 50;
  const where = and(...listConditions(q));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ p: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.updatedAt), desc(sql`${products.id} collate "C"`))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    products: rows.map(({ p, category }) => ({
      _id: p.id,
      name: p.name,
      brand: p.brand,
      category,
      categoryId: p.categoryId,
      price: p.price,
      discount: p.discount,
      stock: p.stock,
      onSale: p.onSale,
      version: p.version,
      image: p.images?.[0] ?? null,
      updatedAt: p.updatedAt.toISOString(),
    })),
    pagination: paginate(page, limit, Number(total)),
  };
}

export const HISTORY_PAGE = 50;

/** A product's audit rows, newest first, 50 a page (`before`: the previous page's last id). */
export async function productHistory(db: Database, id: string, before?: number): Promise<StaffHistory> {
  const where = [eq(auditLog.recordKind, 'product'), eq(auditLog.recordId, id)];
  if (before !== undefined) where.push(lt(auditLog.id, before));
  const rows = await db
    .select({ id: auditLog.id, at: auditLog.at, staffId: auditLog.staffId, name: staff.name, action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(HISTORY_PAGE + 1);
  if (rows.length === 0 && before === undefined) {
    const [known] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
    if (!known) throw new HttpError(404, EDIT_TEXT.notFound);
  }
  const page = rows.slice(0, HISTORY_PAGE);
  return {
    entries: page.map((r) => ({ id: r.id, at: r.at.toISOString(), staffName: r.staffId ? r.name : null, action: r.action, before: r.before ?? null, after: r.after ?? null })),
    next: rows.length > HISTORY_PAGE ? page[page.length - 1].id : null,
  };
}

/** The served site's digests, read again only when the file changes (a build writes a new one). */
export function servedDigests(siteDir: () => string | undefined) {
  let cached: { path: string; mtimeMs: number; size: number; digests: CatalogueDigests | undefined } | undefined;
  return async (): Promise<CatalogueDigests | undefined> => {
    const dir = siteDir();
    if (!dir) return undefined;
    const path = join(dir, DIGESTS_FILE);
    let info;
    try {
      info = await stat(path);
    } catch {
      return undefined;
    }
    if (cached && cached.path === path && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.digests;
    let digests: CatalogueDigests | undefined;
    try {
      digests = JSON.parse(await readFile(path, 'utf8')) as CatalogueDigests;
    } catch {
      digests = undefined; // half-written: asked again next time
    }
    cached = { path, mtimeMs: info.mtimeMs, size: info.size, digests };
    return digests;
  };
}

/**
 * Whether the pages being served show the product as stored now: the digest the site was built
 * from equals the product's digest now (an off-sale product: its page is gone).
 */
export async function productLive(
  db: Database,
  id: string,
  digests: () => Promise<CatalogueDigests | undefined>,
  failure: () => Promise<SiteBuildFailure | undefined> = async () => undefined,
): Promise<StaffLive> {
  const [row] = await db.select({ version: products.version, onSale: products.onSale }).from(products).where(eq(products.id, id));
  if (!row) throw new HttpError(404, EDIT_TEXT.notFound);
  const [served, now, failing] = await Promise.all([digests(), productDigest(db, id), failure()]);
  if (!served) return { version: row.version, live: false, failing: failing ?? null };
  const built = served.products[id];
  const live = row.onSale ? built !== undefined && built === now : built === undefined;
  return { version: row.version, live, failing: failing ?? null };
}

/** The failed rebuild recorded beside the served site (build-failure.ts), if any. */
export function siteFailure(siteDir: () => string | undefined) {
  return async (): Promise<SiteBuildFailure | undefined> => {
    const dir = siteDir();
    return dir ? readFailure(dir) : undefined;
  };
}
