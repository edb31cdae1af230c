/**
 * What editors do to categories: add, change (name, description, pictures) and reorder.
 *
 * 1. Names are unique whatever their case (a URL or a file names a category by its name in any
 *    case); an id is the importer's kind (lowercase letters, digits and dashes), made from the name
 *    when not given, with -2, -3 … when that one is taken.
 * 2. A change names the version it started from: another one in between is a 409 naming who made
 *    it and when (from the category's newest audit row), with the category as stored now. Only the
 *    fields sent are written; the version rises by one with every change.
 * 3. A rename keeps the old name's links working: the old name goes into category_redirects (to
 *    the category's id), and a redirect whose old name is a live category's name again is removed.
 * 4. A reorder names every category once; all positions are written in one transaction, and the
 *    versions of the categories that moved rise.
 * 5. A rename remakes its products' search tokens (search-columns.ts) in its transaction.
 * 6. Every change appends its audit row in its transaction (only the fields that changed, before
 *    and after). The categories' trigger tells every process and the site keeper, which rebuilds
 *    the whole site (every page's menu shows the categories).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { slugify } from '#lib/slug.ts';
import { CATEGORY_MESSAGES as M, type CategoryRedirect, type StaffCategory } from '#lib/schemas/catalog-desk-rules.ts';
import type { CategoryChangeBody, CategoryCreateBody } from '#lib/schemas/catalog-desk.ts';
import type { Clock } from '#server/clock.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { auditLog, categories, categoryRedirects, staff } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { appendAudit } from '#server/staff/audit.ts';
import { catalogueCacheFor } from './cache.ts';
import { remakeSearchColumns } from './search-columns.ts';

/** Who acts: the audit row's author and address. */
export interface EditorWho {
  staffId: string | null;
  clientAddress: string;
}

/** The words of a refusal with fields at fault. */
export const FIELDS_MESSAGE = 'Please correct the marked fields.';

/** Who the conflict message names when the newest change has no staff author. */
export const FILE_IMPORT_AUTHOR = 'the catalogue file import';

const pakistanTime = new Intl.DateTimeFormat('en-PK', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Karachi' });

const staffColumns = {
  _id: categories.id,
  name: categories.name,
  description: categories.description,
  images: categories.images,
  position: categories.position,
  version: categories.version,
  productCount: sql<number>`(select count(*) from "products" p where p."category_id" = "categories"."id")`.mapWith(Number),
};

const ordered = [asc(categories.position), sql`${categories.name} collate "C"`];

/** Every category in display order, as the staff page shows it. */
export async function listStaffCategories(db: Database): Promise<StaffCategory[]> {
  const rows = await db.select(staffColumns).from(categories).orderBy(...ordered);
  return rows.map((r) => ({ ...r, images: r.images ?? [] }));
}

async function oneCategory(db: Database, id: string): Promise<StaffCategory | undefined> {
  const [row] = await db.select(staffColumns).from(categories).where(eq(categories.id, id));
  return row && { ...row, images: row.images ?? [] };
}

/** The old names that lead to a category now, for the build's redirects. */
export async function listCategoryRedirects(db: Database): Promise<CategoryRedirect[]> {
  return db
    .select({ oldName: categoryRedirects.oldName, categoryId: categoryRedirects.categoryId })
    .from(categoryRedirects)
    .orderBy(sql`${categoryRedirects.oldName} collate "C"`);
}

/** Who changed the category last and when, in words (rule 2). */
async function lastChange(db: Database, id: string): Promise<{ name: string; at: string }> {
  const [row] = await db
    .select({ at: auditLog.at, staffId: auditLog.staffId, name: staff.name, email: staff.email })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(sql`${auditLog.recordKind} = 'category' and ${auditLog.recordId} = ${id}`)
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row) return { name: FILE_IMPORT_AUTHOR, at: 'an earlier time' };
  return { name: row.staffId ? row.name || row.email || 'another member' : FILE_IMPORT_AUTHOR, at: pakistanTime.format(row.at) };
}

/** 400 naming `name` when another category already has it, whatever its case (rule 1). */
async function nameFree(db: Database, name: string, except?: string): Promise<void> {
  const [taken] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})${except ? sql` and ${categories.id} <> ${except}` : sql``}`);
  if (taken) throw new HttpError(400, FIELDS_MESSAGE, { name: M.nameTaken(taken.name) });
}

/** Removes the redirect of a name that a live category has again (rule 3). */
async function dropRedirect(db: Database, name: string): Promise<void> {
  await db.delete(categoryRedirects).where(sql`lower(${categoryRedirects.oldName}) = lower(${name})`);
}

/** The fields of `changes` whose value differs from `stored`: before and after. */
function changedFields(stored: StaffCategory, changes: CategoryChangeBody['changes']) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of ['name', 'description', 'images'] as const) {
    const next = changes[key];
    if (next === undefined || JSON.stringify(next) === JSON.stringify(stored[key])) continue;
    before[key] = stored[key];
    after[key] = next;
  }
  return { before, after };
}

export function createCategoryEditor(db: Database, clock: Clock) {
  const told = () => catalogueCacheFor(db).catalogueChanged();

  async function create(body: CategoryCreateBody, who: EditorWho): Promise<StaffCategory> {
    const now = clock.now();
    const made = await inTransaction(db, async (tx) => {
      // One editor's add at a time: the name and id checks below hold until the commit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kiryana category edit'))`);
      await nameFree(tx, body.name);
      let id = body._id;
      if (id) {
        const [taken] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
        if (taken) throw new HttpError(409, M.idTaken(id), { _id: M.idTaken(id) });
      } else {
        const base = slugify(body.name);
        if (!base) throw new HttpError(400, FIELDS_MESSAGE, { name: M.idFromName });
        const near = await tx.select({ id: categories.id }).from(categories).where(sql`${categories.id} like ${`${base}%`}`);
        const ids = new Set(near.map((r) => r.id));
        id = base;
        for (let n = 2; ids.has(id); n++) id = `${base.slice(0, 95)}-${n}`;
      }
      const [{ last }] = await tx.select({ last: sql<number | null>`max(${categories.position})` }).from(categories);
      const fields = { name: body.name, description: body.description ?? '', images: body.images ?? [] };
      await tx.insert(categories).values({ id, ...fields, position: (last ?? -1) + 1, createdAt: now, updatedAt: now });
      await dropRedirect(tx, body.name);
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'category.create', recordKind: 'category', recordId: id, after: fields, clientAddress: who.clientAddress });
      return (await oneCategory(tx, id))!;
    });
    told();
    return made;
  }

  async function change(id: string, body: CategoryChangeBody, who: EditorWho): Promise<StaffCategory> {
    const now = clock.now();
    const changed = await inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kiryana category edit'))`);
      const [locked] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
      if (!locked) throw new HttpError(404, M.unknown);
      const stored = (await oneCategory(tx, id))!;
      if (stored.version !== body.version) {
        const last = await lastChange(tx, id);
        throw new HttpError(409, M.conflict(last.name, last.at), undefined, { fields: { current: stored } });
      }
      const { before, after } = changedFields(stored, body.changes);
      if (Object.keys(after).length === 0) return stored;
      if (typeof after.name === 'string') {
        await nameFree(tx, after.name, id);
        await dropRedirect(tx, after.name);
        await tx
          .insert(categoryRedirects)
          .values({ oldName: stored.name, categoryId: id, createdAt: now })
          .onConflictDoUpdate({ target: categoryRedirects.oldName, set: { categoryId: id, createdAt: now } });
      }
      await tx
        .update(categories)
        .set({ ...after, version: sql`${categories.version} + 1`, updatedAt: now })
        .where(eq(categories.id, id));
      // Search reads the category's name: its products' tokens follow the rename.
      if (typeof after.name === 'string') await remakeSearchColumns(tx, sql`p.category_id = ${id}`);
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'category.update', recordKind: 'category', recordId: id, before, after, clientAddress: who.clientAddress });
      return (await oneCategory(tx, id))!;
    });
    told();
    return changed;
  }

  async function reorder(ids: string[], who: EditorWho): Promise<StaffCategory[]> {
    const now = clock.now();
    const list = await inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kiryana category edit'))`);
      const stored = await tx.select({ id: categories.id, position: categories.position }).from(categories).orderBy(...ordered).for('update');
      const known = new Set(stored.map((r) => r.id));
      if (ids.length !== stored.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new HttpError(400, M.order, { ids: M.order });
      const before = stored.map((r) => r.id);
      const moved = ids.filter((id, i) => stored.find((r) => r.id === id)!.position !== i || before[i] !== id);
      if (moved.length === 0) return listStaffCategories(tx);
      for (const id of moved) {
        await tx
          .update(categories)
          .set({ position: ids.indexOf(id), version: sql`${categories.version} + 1`, updatedAt: now })
          .where(eq(categories.id, id));
      }
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'category.reorder', recordKind: 'category', recordId: 'order', before: { order: before }, after: { order: ids }, clientAddress: who.clientAddress });
      return listStaffCategories(tx);
    });
    told();
    return list;
  }

  return { list: () => listStaffCategories(db), create, change, reorder };
}

export type CategoryEditor = ReturnType<typeof createCategoryEditor>;

