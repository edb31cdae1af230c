/**
 * The search words desk API (/api/staff/search/…): the dictionary listed, an entry added (tidied,
 * checked by the dictionary's rules, a word another entry has refused naming that entry), changed
 * and removed from a version (409 naming who and when, with the entry now), each with its audit
 * row in the same transaction; the searches that found nothing, newest or most searched first; a
 * packer refused everywhere.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchMisses } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { useStaffApi, type SignedInMember } from '#server/test/staff.ts';

const BASE = '/api/staff/search';

describe.each(testDatabases)('the search words desk API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useStaffApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const as = (member: SignedInMember) => (method: string, path: string, body?: unknown) => api().checked(member, method, `${BASE}${path}`, body);
  const auditOf = (id: number) => rows(sql`select staff_id, action, before, after from audit_log where record_kind = 'synonym' and record_id = ${String(id)} order by id`);

  it('adds an entry tidied, refuses bad words in the editor’s words and a typed word another entry has, naming it', async () => {
    const member = await api().member('editor');
    const editor = as(member);
    expect((await editor('GET', '/synonyms')).body.data).toEqual({ synonyms: [] });

    const added = await editor('POST', '/synonyms', { words: ['  chawal ', 'Chawal', 'chaawal', 'چاول'], means: ['rice', ' Rice'] });
    expect(added.status).toBe(201);
    const entry = added.body.data.synonym;
    expect(entry).toMatchObject({ words: ['chawal', 'chaawal', 'چاول'], means: ['rice'], version: 1, updatedBy: 'A editor' });
    expect(await auditOf(entry.id)).toMatchObject([{ action: 'synonym.add', staff_id: member.id, before: null, after: { words: ['chawal', 'chaawal', 'چاول'], means: ['rice'] } }]);
    expect((await editor('GET', '/synonyms')).body.data.synonyms).toEqual([entry]);

    // A word another entry has (compared as search compares: case, accents, plurals).
    const taken = await editor('POST', '/synonyms', { words: ['CHAWALS', 'basmati'], means: ['rice'] });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ words: '"CHAWALS" is already in the entry “chawal, chaawal, چاول → rice”: change that entry instead.' });

    const refused = async (body: unknown) => {
      const r = await editor('POST', '/synonyms', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      return r.body.errors;
    };
    expect(await refused({ words: Array.from({ length: 13 }, (_, i) => `word${i}`), means: ['rice'] })).toEqual({ words: 'What shoppers type: at most 12 words or phrases.' });
    expect(await refused({ words: ['x'.repeat(41)], means: ['rice'] })).toEqual({ words: `What shoppers type: "${'x'.repeat(20)}…" is longer than 40 characters.` });
    expect(await refused({ words: ['gaj\u0000ar'], means: ['carrot'] })).toEqual({ words: 'What shoppers type: "gaj\u0000ar" holds characters that cannot be typed.' });
    expect(await refused({ words: ['doodh', 'milk'], means: ['Milk'] })).toEqual({ words: '"milk" is on both sides: a word cannot mean itself.' });
    expect(await refused({ words: [], means: [] })).toEqual({ words: 'What shoppers type: write at least one word.', means: 'What it finds: write at least one word.' });
    // A body of the wrong shape is a 400, never a 5xx.
    expect((await editor('POST', '/synonyms', { words: 'doodh', means: ['milk'] })).status).toBe(400);
    expect((await editor('POST', '/synonyms', { words: ['doodh'], means: ['milk'], extra: 1 })).status).toBe(400);
    expect((await editor('GET', '/synonyms')).body.data.synonyms).toHaveLength(1);
  });

  it('changes and removes from a version: a second editor is told who changed it and when, with the entry now', async () => {
    const first = await api().member('editor');
    const second = await api().member('manager');
    const a = as(first);
    const b = as(second);
    const made = (await a('POST', '/synonyms', { words: ['doodh', 'dudh'], means: ['milk'] })).body.data.synonym;
    const changed = await a('PATCH', `/synonyms/${made.id}`, { words: ['doodh', 'dudh', 'دودھ'], means: ['milk'], version: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.synonym).toMatchObject({ id: made.id, words: ['doodh', 'dudh', 'دودھ'], version: 2 });
    expect((await auditOf(made.id)).map((r) => r.action)).toEqual(['synonym.add', 'synonym.change']);
    expect((await auditOf(made.id))[1]).toMatchObject({ staff_id: first.id, before: { words: ['doodh', 'dudh'], means: ['milk'] }, after: { words: ['doodh', 'dudh', 'دودھ'], means: ['milk'] } });

    // The same words again: nothing written, the version stays.
    expect((await a('PATCH', `/synonyms/${made.id}`, { words: ['doodh', 'dudh', 'دودھ'], means: ['milk'], version: 2 })).body.data.synonym.version).toBe(2);
    expect(await auditOf(made.id)).toHaveLength(2);

    const late = await b('PATCH', `/synonyms/${made.id}`, { words: ['doodh'], means: ['milk', 'dairy'], version: 1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^This entry was changed by A editor at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?(am|pm|AM|PM) since you opened it\. Your changes were not saved: see what it says now, then save again\.$/);
    expect(late.body.current).toMatchObject({ id: made.id, words: ['doodh', 'dudh', 'دودھ'], version: 2, updatedBy: 'A editor' });
    const lateRemove = await b('DELETE', `/synonyms/${made.id}?version=1`);
    expect(lateRemove.status).toBe(409);
    expect(lateRemove.body.current.version).toBe(2);

    // A word of another entry is refused in a change too.
    const other = (await b('POST', '/synonyms', { words: ['anda'], means: ['egg'] })).body.data.synonym;
    expect((await b('PATCH', `/synonyms/${other.id}`, { words: ['anda', 'dudh'], means: ['egg'], version: 1 })).body.errors).toEqual({
      words: '"dudh" is already in the entry “doodh, dudh, دودھ → milk”: change that entry instead.',
    });

    const removed = await b('DELETE', `/synonyms/${made.id}?version=2`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: made.id });
    expect((await auditOf(made.id)).at(-1)).toMatchObject({ action: 'synonym.remove', staff_id: second.id, before: { words: ['doodh', 'dudh', 'دودھ'], means: ['milk'] }, after: null });
    expect((await b('DELETE', `/synonyms/${made.id}?version=2`)).status).toBe(404);
    expect((await b('PATCH', `/synonyms/${made.id}`, { words: ['x'], means: ['y'], version: 3 })).status).toBe(404);
    expect((await b('PATCH', '/synonyms/abc', { words: ['x'], means: ['y'], version: 3 })).status).toBe(404);
    expect((await b('PATCH', '/synonyms/99999999999999999999', { words: ['x'], means: ['y'], version: 3 })).status).toBe(404);
    expect((await b('DELETE', `/synonyms/${other.id}?version=x`)).status).toBe(400);
    // Now free again, the word may go in another entry.
    expect((await b('PATCH', `/synonyms/${other.id}`, { words: ['anda', 'dudh'], means: ['egg'], version: 1 })).status).toBe(200);
  });

  it('lists the searches that found nothing, newest or most searched first', async () => {
    const editor = as(await api().member('editor'));
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 10, minutes));
    await database().db.insert(searchMisses).values([
      { term: 'gajar', searches: 3, firstAt: at(0), lastAt: at(5) },
      { term: 'shimla mirch', searches: 9, firstAt: at(1), lastAt: at(2) },
      { term: 'kheera', searches: 1, firstAt: at(9), lastAt: at(9) },
    ]);
    const recent = await editor('GET', '/misses');
    expect(recent.body.data.misses.map((m: { term: string }) => m.term)).toEqual(['kheera', 'gajar', 'shimla mirch']);
    expect(recent.body.data.misses[1]).toEqual({ term: 'gajar', searches: 3, firstAt: at(0).toISOString(), lastAt: at(5).toISOString() });
    const frequent = await editor('GET', '/misses?order=frequent');
    expect(frequent.body.data.misses.map((m: { term: string }) => m.term)).toEqual(['shimla mirch', 'gajar', 'kheera']);
    expect((await editor('GET', '/misses?order=loud')).status).toBe(400);
  });

  it('takes a dictionary file on the Files page: checked by entry, imported whole with the member’s audit row, downloaded alone', async () => {
    const member = await api().member('editor');
    const post = (path: string, text: string) => api().checked(member, 'POST', path, text, { 'Content-Type': 'text/csv' });
    const bad = await post('/api/staff/catalog/check?format=csv', 'words,means\ngajar,carrot\nmooli|GAJAR,radish\n');
    expect(bad.body.data).toMatchObject({ ok: false, errors: [{ row: 3, section: 'synonyms', field: 'words', text: 'Row 3 ("mooli"), field words: "GAJAR" is also in Row 2 ("gajar"): a word shoppers type may be in one entry only.' }] });
    const good = 'words,means\ngajar|گاجر,carrot\nmooli,radish\n';
    const before = (await as(member)('GET', '/synonyms')).body.data.synonyms.length;
    const checked = await post('/api/staff/catalog/check?format=csv', good);
    expect(checked.body.data).toMatchObject({ ok: true, changes: { created: [], changed: [], unchanged: 0, synonyms: { entries: 2, before, same: false } } });
    const imported = await post('/api/staff/catalog/import?format=csv', good);
    expect(imported.status).toBe(200);
    const list = (await as(member)('GET', '/synonyms')).body.data.synonyms;
    expect(list.map((e: { words: string[]; means: string[]; updatedBy: string }) => [e.words, e.means, e.updatedBy])).toEqual([
      [['gajar', 'گاجر'], ['carrot'], 'A editor'],
      [['mooli'], ['radish'], 'A editor'],
    ]);
    expect(await rows(sql`select staff_id, after from audit_log where record_kind = 'catalog' and action = 'catalog.import' order by id desc limit 1`)).toEqual([
      { staff_id: member.id, after: { created: 0, changed: 0, unchanged: 0, categories: 0, synonyms: 2 } },
    ]);
    const raw = await api().accounts.app.request('/api/staff/catalog/export?format=csv&part=synonyms', { headers: { Cookie: `kiryana_staff=${member.cookie}` } });
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment; filename="kiryana-search-words-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Byte for byte (text() would drop the byte-order mark Excel needs).
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await raw.arrayBuffer())).toBe('\uFEFFwords,means\ngajar|گاجر,carrot\nmooli,radish\n');
  });

  it('refuses a packer on every route, and a request from another origin', async () => {
    const packer = await api().member('packer');
    const p = as(packer);
    for (const [method, path, body] of [
      ['GET', '/synonyms'],
      ['POST', '/synonyms', { words: ['gajar'], means: ['carrot'] }],
      ['PATCH', '/synonyms/1', { words: ['gajar'], means: ['carrot'], version: 1 }],
      ['DELETE', '/synonyms/1?version=1'],
      ['GET', '/misses'],
    ] as const) {
      expect((await p(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const editor = await api().member('editor');
    const foreign = await api().call('POST', `${BASE}/synonyms`, { words: ['gajar'], means: ['carrot'] }, { cookie: editor.cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});
