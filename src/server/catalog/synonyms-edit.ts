/**
 * What editors do to the search dictionary (add, change, remove an entry) and what they read (the
 * dictionary, the searches that found nothing).
 *
 * 1. An entry is checked by the dictionary's rules (synonymProblems) and saved tidied (trimmed,
 *    no word twice on a side). A word shoppers type stands in one entry only: a word another entry
 *    has is refused, naming that entry.
 * 2. A change or a removal names the version it started from: another one in between is a 409
 *    naming who made it and when, with the entry as stored now. The version rises by one a change.
 * 3. Every change appends its audit row in its transaction (`synonym.add`, `synonym.change` with
 *    before and after, `synonym.remove`). The dictionary's trigger tells every process and the site
 *    keeper (caches drop, the search index is rebuilt), as any catalogue change does.
 * 4. One editor's change at a time (an advisory lock): the check of rule 1 holds until the commit.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { phraseKey, synonymProblems, tidySynonym, type SynonymEntry } from '#lib/search/dictionary.ts';
import { MISSES_SHOWN, SYNONYM_MESSAGES as M, type MissOrder, type SearchMiss, type StaffSynonym } from '#lib/schemas/search-words-rules.ts';
import { formatStaffTime } from '#lib/staff-time.ts';
import type { Clock } from '#server/clock.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { searchMisses, staff, synonyms } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { appendAudit } from '#server/staff/audit.ts';
import { catalogueCacheFor } from './cache.ts';
import type { EditorWho } from './categories-edit.ts';

const columns = {
  id: synonyms.id,
  words: synonyms.words,
  means: synonyms.means,
  version: synonyms.version,
  updatedAt: synonyms.updatedAt,
  updatedBy: staff.name,
  updatedById: synonyms.updatedBy,
};

type Row = { id: number; words: string[]; means: string[]; version: number; updatedAt: Date; updatedBy: string | null; updatedById: string | null };

const asStaff = (r: Row): StaffSynonym => ({ id: r.id, words: r.words, means: r.means, version: r.version, updatedAt: r.updatedAt.toISOString(), updatedBy: r.updatedById ? r.updatedBy || 'another member' : null });

/** The dictionary as editors see it, in the order it was added. */
export async function listStaffSynonyms(db: Database): Promise<StaffSynonym[]> {
  const rows = await db.select(columns).from(synonyms).leftJoin(staff, eq(staff.id, synonyms.updatedBy)).orderBy(asc(synonyms.id));
  return rows.map(asStaff);
}

async function oneRow(db: Database, id: number): Promise<Row | undefined> {
  const [row] = await db.select(columns).from(synonyms).leftJoin(staff, eq(staff.id, synonyms.updatedBy)).where(eq(synonyms.id, id));
  return row;
}

/** The searches that found nothing: newest first, or most searched first (then newest). */
export async function listMisses(db: Database, order: MissOrder = 'recent'): Promise<SearchMiss[]> {
  const by = order === 'frequent' ? [desc(searchMisses.searches), desc(searchMisses.lastAt)] : [desc(searchMisses.lastAt), desc(searchMisses.searches)];
  const rows = await db
    .select()
    .from(searchMisses)
    .orderBy(...by, sql`${searchMisses.term} collate "C"`)
    .limit(MISSES_SHOWN);
  return rows.map((r) => ({ term: r.term, searches: r.searches, firstAt: r.firstAt.toISOString(), lastAt: r.lastAt.toISOString() }));
}

/** The entry checked and tidied (rule 1, its own part), or a 400 naming the fields. */
function checked(body: { words: string[]; means: string[] }): SynonymEntry {
  const problems = synonymProblems(body);
  if (problems.length) {
    const errors: Record<string, string> = {};
    for (const p of problems) errors[p.field] ??= p.message;
    throw new HttpError(400, M.fields, errors);
  }
  return tidySynonym(body);
}

/** A 400 when a typed word is another entry's (rule 1). */
async function wordsFree(tx: Database, entry: SynonymEntry, except?: number): Promise<void> {
  const others = await tx.select({ id: synonyms.id, words: synonyms.words, means: synonyms.means }).from(synonyms).orderBy(asc(synonyms.id));
  const owner = new Map<string, SynonymEntry>();
  for (const o of others) if (o.id !== except) for (const w of o.words) if (!owner.has(phraseKey(w))) owner.set(phraseKey(w), o);
  for (const word of entry.words) {
    const taken = owner.get(phraseKey(word));
    if (taken) throw new HttpError(400, M.fields, { words: M.takenBy(word, { words: taken.words, means: taken.means }) });
  }
}

/** The 409 of rule 2: who saved the entry last and when, with the entry as stored now. */
function conflict(row: Row, removing: boolean): HttpError {
  const who = row.updatedById ? row.updatedBy || 'another member' : M.fileAuthor;
  const message = (removing ? M.removedConflict : M.conflict)(who, formatStaffTime(row.updatedAt));
  return new HttpError(409, message, undefined, { fields: { current: asStaff(row) } });
}

const lock = (tx: Database) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('kiryana synonym edit'))`);

export function createSynonymEditor(db: Database, clock: Clock) {
  const told = () => catalogueCacheFor(db).catalogueChanged();

  async function add(body: { words: string[]; means: string[] }, who: EditorWho): Promise<StaffSynonym> {
    const entry = checked(body);
    const now = clock.now();
    const made = await inTransaction(db, async (tx) => {
      await lock(tx);
      await wordsFree(tx, entry);
      const [{ id }] = await tx.insert(synonyms).values({ ...entry, createdAt: now, updatedAt: now, updatedBy: who.staffId }).returning({ id: synonyms.id });
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'synonym.add', recordKind: 'synonym', recordId: String(id), after: entry, clientAddress: who.clientAddress });
      return asStaff((await oneRow(tx, id))!);
    });
    told();
    return made;
  }

  /** The stored row locked, or a 404; a 409 when it is not at `version` (rule 2). */
  async function lockedAt(tx: Database, id: number, version: number, removing: boolean): Promise<Row> {
    await lock(tx);
    const [found] = await tx.select({ id: synonyms.id }).from(synonyms).where(eq(synonyms.id, id)).for('update');
    if (!found) throw new HttpError(404, M.unknown);
    const row = (await oneRow(tx, id))!;
    if (row.version !== version) throw conflict(row, removing);
    return row;
  }

  async function change(id: number, body: { words: string[]; means: string[]; version: number }, who: EditorWho): Promise<StaffSynonym> {
    const entry = checked(body);
    const now = clock.now();
    let wrote = false;
    const saved = await inTransaction(db, async (tx) => {
      const row = await lockedAt(tx, id, body.version, false);
      const before = { words: row.words, means: row.means };
      if (JSON.stringify(before) === JSON.stringify(entry)) return asStaff(row);
      await wordsFree(tx, entry, id);
      await tx
        .update(synonyms)
        .set({ ...entry, version: sql`${synonyms.version} + 1`, updatedAt: now, updatedBy: who.staffId })
        .where(eq(synonyms.id, id));
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'synonym.change', recordKind: 'synonym', recordId: String(id), before, after: entry, clientAddress: who.clientAddress });
      wrote = true;
      return asStaff((await oneRow(tx, id))!);
    });
    if (wrote) told();
    return saved;
  }

  async function remove(id: number, version: number, who: EditorWho): Promise<void> {
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      const row = await lockedAt(tx, id, version, true);
      await tx.delete(synonyms).where(eq(synonyms.id, id));
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'synonym.remove', recordKind: 'synonym', recordId: String(id), before: { words: row.words, means: row.means }, clientAddress: who.clientAddress });
    });
    told();
  }

  return { list: () => listStaffSynonyms(db), misses: (order?: MissOrder) => listMisses(db, order), add, change, remove };
}

export type SynonymEditor = ReturnType<typeof createSynonymEditor>;
