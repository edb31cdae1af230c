/**
 * The staff catalogue API (/api/staff/products, /api/staff/catalog): the list, one product, a new
 * one, a change naming its version (a stale one refused with who and when, nothing overwritten),
 * the grid's save (all rows or none), history, live status, catalogue files; every change through
 * the one save path, with its audit rows in the same transaction; the importer's words for bad
 * fields; hostile input refused or kept as text. Replies are held to the OpenAPI document.
 */
import { sql } from 'drizzle-orm';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatStaffTime } from '#lib/staff-time.ts';
import { siteFailureText } from '#lib/site-status.ts';
import { clearFailure, recordFailure } from '#site-build/build-failure.ts';
import { createApp } from '#server/app.ts';
import { catalogueDigests, DIGESTS_FILE } from '#server/catalog/digests.ts';
import { changeProduct } from '#server/catalog/edit.ts';
import { parseCatalog } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall, stockOf } from '#server/test/orders.ts';
import { useStaffApi, type SignedInMember } from '#server/test/staff.ts';

const P = '/api/staff/products';
const MB = 1024 * 1024;

describe.each(testDatabases)('the staff catalogue API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useStaffApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  /** Calls as `member`, each reply held to the OpenAPI document (status and shape). */
  const as = (member: SignedInMember) => {
    const checked = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => api().checked(member, method, path, body, headers);
    return {
      get: (path: string) => checked('GET', path),
      post: (path: string, body?: unknown) => checked('POST', path, body),
      patch: (path: string, body?: unknown) => checked('PATCH', path, body),
    };
  };
  const auditOf = (id: string) => rows(sql`select staff_id, action, record_kind, before, after from audit_log where record_kind = 'product' and record_id = ${id} order by id`);
  const versionOf = async (id: string) => (await rows(sql`select version from products where id = ${id}`))[0]?.version as number;
  const newProduct = (id: string, extra: Record<string, unknown> = {}) => ({ _id: id, name: 'Shan Nihari Masala 60g', category: 'Food Cupboard', brand: 'Shan', price: 250, discount: 20, stock: 30, ...extra });

  it('makes, lists, shows and changes a product; its history names the editor', async () => {
    // The app's clock (the time of each change) past the seed's own changes, so "newest first" can be seen.
    const clock = api().accounts.clock;
    clock.advance(Math.max(0, Date.now() - clock.now().getTime()) + 60_000);
    const editor = await api().member('editor');
    const ed = as(editor);
    const made = await ed.post(P, newProduct('shan-nihari-60g', { description: 'Spice mix', specifications: [{ name: 'Weight', value: '60 g' }] }));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ _id: 'shan-nihari-60g', category: 'Food Cupboard', categoryId: 'cupboard', price: 250, discount: 20, stock: 30, onSale: true, version: 1, numRatings: 0, rating: 0 });
    expect((await ed.post(P, newProduct('shan-nihari-60g'))).body).toMatchObject({ message: "A product with the id 'shan-nihari-60g' already exists." });

    const list = await ed.get(`${P}?q=NIHARI`);
    expect(list.status).toBe(200);
    expect(list.body.data.products.map((p: { _id: string }) => p._id)).toEqual(['shan-nihari-60g']);
    expect(list.body.data.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });
    expect((await ed.get(`${P}?q=olpers`)).body.data.products.map((p: { _id: string }) => p._id)).toEqual(['milk-1l']); // the brand
    expect((await ed.get(`${P}?q=dal-mash`)).body.data.products.map((p: { _id: string }) => p._id)).toEqual(['dal-mash-1kg']); // the id
    const out = (await ed.get(`${P}?stock=out&limit=200`)).body.data.products.map((p: { _id: string }) => p._id).sort();
    expect(out).toEqual(['dal-mash-1kg', 'pepsi-1-5l', 'yoghurt-500g']);
    const low = (await ed.get(`${P}?stock=low&category=cupboard`)).body.data.products.map((p: { _id: string }) => p._id).sort();
    expect(low).toEqual(['atta-10kg', 'zzz-last']);
    const second = await ed.get(`${P}?limit=2&page=2`);
    expect(second.body.data.products).toHaveLength(2);
    const total = (await ed.get(`${P}?limit=200`)).body.data.products.length;
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 2, total, pages: Math.ceil(total / 2) });
    for (const bad of ['limit=500', 'stock=some', 'page=0', 'colour=red']) expect((await ed.get(`${P}?${bad}`)).status, bad).toBe(400);

    const changed = await ed.patch(`${P}/shan-nihari-60g`, { version: 1, changes: { name: 'Shan Nihari Masala 60 g', price: 260 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Shan Nihari Masala 60 g', price: 260, stock: 30, version: 2 });
    // Newest change first.
    expect((await ed.get(P)).body.data.products[0]._id).toBe('shan-nihari-60g');
    expect((await ed.get(`${P}/shan-nihari-60g`)).body).toEqual(changed.body);
    expect((await ed.get(`${P}/no-such-thing`)).status).toBe(404);

    const history = await ed.get(`${P}/shan-nihari-60g/history`);
    expect(history.body.data.next).toBeNull();
    expect(history.body.data.entries).toEqual([
      expect.objectContaining({ staffName: 'A editor', action: 'product.update', before: { name: 'Shan Nihari Masala 60g', price: 250 }, after: { name: 'Shan Nihari Masala 60 g', price: 260 } }),
      expect.objectContaining({ staffName: 'A editor', action: 'product.create', before: null }),
    ]);
    expect((await ed.get(`${P}/no-such-thing/history`)).status).toBe(404);
    expect((await ed.get(`${P}/milk-1l/history?before=abc`)).status).toBe(400);
  });

  it('refuses a save from an older version with who changed it and when; nothing is overwritten', async () => {
    const first = await api().member('editor');
    const second = await api().member('manager');
    const start = (await as(first).get(`${P}/butter-200g`)).body.data.version as number;
    const saved = await as(first).patch(`${P}/butter-200g`, { version: start, changes: { brand: 'Adams Dairy' } });
    expect(saved.status).toBe(200);
    const refused = await as(second).patch(`${P}/butter-200g`, { version: start, changes: { brand: 'Nurpur', price: 700 } });
    expect(refused.status).toBe(409);
    const [row] = await rows(sql`select at from audit_log where record_id = 'butter-200g' order by id desc limit 1`);
    expect(refused.body.message).toBe(
      `This product was changed by A editor at ${formatStaffTime(new Date(row.at as string))} since you opened it. Your changes were not saved: see what changed, then save again.`,
    );
    expect(refused.body).not.toHaveProperty('error');
    expect(refused.body.current).toMatchObject({ _id: 'butter-200g', brand: 'Adams Dairy', price: 650, version: start + 1 });
    expect((await as(second).get(`${P}/butter-200g`)).body.data).toMatchObject({ brand: 'Adams Dairy', price: 650, version: start + 1 });
    expect((await auditOf('butter-200g')).map((r) => r.action)).toEqual(['product.update']);
    // Saving again from the version the reply gave goes through.
    expect((await as(second).patch(`${P}/butter-200g`, { version: start + 1, changes: { price: 700 } })).body.data).toMatchObject({ brand: 'Adams Dairy', price: 700, version: start + 2 });
  });

  it('never writes a field the editor did not change: a sale made while the form was open keeps its stock', async () => {
    const editor = await api().member('editor');
    const opened = (await as(editor).get(`${P}/eggs-12`)).body.data;
    const placed = await placeOrderCall(api().accounts, orderBody([{ productId: 'eggs-12', quantity: 3, price: 400 }]));
    expect(placed.status).toBe(201);
    expect(await versionOf('eggs-12')).toBe(opened.version); // orders do not raise the version
    const saved = await as(editor).patch(`${P}/eggs-12`, { version: opened.version, changes: { name: 'Farm Eggs (12)' } });
    expect(saved.body.data).toMatchObject({ name: 'Farm Eggs (12)', stock: opened.stock - 3 });
    expect(await stockOf(api().accounts, 'eggs-12')).toBe(opened.stock - 3);
    // A field sent with the value it has is not a change: no version, no audit row.
    const same = await as(editor).patch(`${P}/eggs-12`, { version: opened.version + 1, changes: { name: 'Farm Eggs (12)', price: opened.price } });
    expect(same.body.data.version).toBe(opened.version + 1);
    expect((await auditOf('eggs-12')).map((r) => r.after)).toEqual([{ name: 'Farm Eggs (12)' }]);
  });

  it('refuses bad fields in the importer’s words, and keeps hostile text as text', async () => {
    const ed = as(await api().member('editor'));
    const bad = await ed.post(P, newProduct('bad-one', { price: 0, category: 'Foo' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Please correct the marked fields.', errors: { price: 'must be above 0' } });
    expect(bad.body).not.toHaveProperty('fields');
    const overDiscount = await ed.patch(`${P}/milk-1l`, { version: 1, changes: { discount: 300 } });
    expect(overDiscount.body.errors).toEqual({ discount: 'must not be above the price (290)' });
    expect((await ed.patch(`${P}/milk-1l`, { version: 1, changes: { category: 'Foo' } })).body.errors).toEqual({ category: "unknown category 'Foo'" });
    expect((await ed.patch(`${P}/milk-1l`, { version: 1, changes: { stock: -1 } })).body.errors).toHaveProperty('stock');
    for (const id of ['../../etc/passwd', 'Milk 1L', '<script>']) {
      const refused = await ed.post(P, newProduct(id));
      expect(refused.status, id).toBe(400);
      expect(refused.body.errors._id).toBe('must be lowercase letters, digits and dashes');
    }
    expect((await ed.patch(`${P}/milk-1l`, { version: 1, changes: { colour: 'red' } })).status).toBe(400);
    expect((await ed.patch(`${P}/milk-1l`, { version: 'one', changes: {} })).status).toBe(400);
    expect((await ed.post(P, '{"_id": ')).status).toBe(400);
    const script = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const made = await ed.post(P, newProduct('hostile-text', { name: script, description: script }));
    expect(made.status).toBe(201);
    expect((await ed.get(`${P}/hostile-text`)).body.data).toMatchObject({ name: script, description: script });
    expect(await versionOf('milk-1l')).toBe(1);
  });

  it('saves the grid all or nothing: one bad row or one stale row and nothing is written', async () => {
    const ed = as(await api().member('editor'));
    const before = await rows(sql`select id, version, price, discount, stock from products where id in ('atta-10kg', 'pepsi-1-5l', 'zzz-last') order by id`);
    const v = Object.fromEntries(before.map((r) => [r.id, r.version as number]));
    const bad = await ed.post(`${P}/bulk`, { changes: [{ _id: 'atta-10kg', version: v['atta-10kg'], stock: 20 }, { _id: 'pepsi-1-5l', version: v['pepsi-1-5l'], price: 0 }, { _id: 'nothing-here', version: 1, stock: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Nothing was saved: 2 problems.');
    expect(bad.body.rows).toEqual([{ _id: 'pepsi-1-5l', field: 'price', message: 'must be above 0' }, { _id: 'nothing-here', field: '_id', message: 'no product with this id' }]);
    const stale = await ed.post(`${P}/bulk`, { changes: [{ _id: 'atta-10kg', version: v['atta-10kg'], stock: 20 }, { _id: 'zzz-last', version: v['zzz-last'] + 5, stock: 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: 'Nothing was saved: 1 product was changed by someone else since you opened them.', conflicts: [{ _id: 'zzz-last', current: { version: v['zzz-last'], price: 300, discount: 0, stock: 9 } }] });
    expect(await rows(sql`select id, version, price, discount, stock from products where id in ('atta-10kg', 'pepsi-1-5l', 'zzz-last') order by id`)).toEqual(before);
    expect(await rows(sql`select id from audit_log where action = 'product.bulk'`)).toEqual([]);

    const ok = await ed.post(`${P}/bulk`, { changes: [{ _id: 'atta-10kg', version: v['atta-10kg'], stock: 20, price: 1800 }, { _id: 'pepsi-1-5l', version: v['pepsi-1-5l'], price: 190, discount: 10 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.products).toEqual([
      { _id: 'atta-10kg', version: v['atta-10kg'] + 1, price: 1800, discount: 0, stock: 20 },
      { _id: 'pepsi-1-5l', version: v['pepsi-1-5l'] + 1, price: 190, discount: 10, stock: 0 },
    ]);
    expect((await auditOf('atta-10kg')).map((r) => [r.action, r.before, r.after])).toEqual([['product.bulk', { stock: 1 }, { stock: 20 }]]);
    expect((await auditOf('pepsi-1-5l')).map((r) => [r.action, r.before, r.after])).toEqual([['product.bulk', { price: 180, discount: 0 }, { price: 190, discount: 10 }]]);
    expect((await ed.post(`${P}/bulk`, { changes: [] })).status).toBe(400);
    expect((await ed.post(`${P}/bulk`, { changes: Array.from({ length: 501 }, () => ({ _id: 'milk-1l', version: 1, stock: 1 })) })).status).toBe(400);
  });

  it('takes a product off sale and back, each with its own audit row', async () => {
    const ed = as(await api().member('editor'));
    const v = await versionOf('cheese-slices');
    const off = await ed.patch(`${P}/cheese-slices`, { version: v, changes: { onSale: false, price: 500 } });
    expect(off.body.data).toMatchObject({ onSale: false, price: 500, version: v + 1 });
    expect((await ed.get(`${P}?q=cheese`)).body.data.products).toEqual([]);
    expect((await ed.get(`${P}?q=cheese&sale=off`)).body.data.products.map((p: { _id: string }) => p._id)).toEqual(['cheese-slices']);
    expect((await ed.patch(`${P}/cheese-slices`, { version: v + 1, changes: { onSale: true } })).body.data).toMatchObject({ onSale: true, version: v + 2 });
    expect((await auditOf('cheese-slices')).map((r) => [r.action, r.after])).toEqual([
      ['product.update', { price: 500 }],
      ['product.off-sale', { onSale: false }],
      ['product.on-sale', { onSale: true }],
    ]);
  });

  it('keeps a change and its audit rows together: when the audit row cannot be written, nothing of the change stands', async () => {
    // A member the staff table does not hold: the audit row's insert fails (its foreign key).
    const ghost = { staffId: '00000000-0000-4000-8000-000000000000', clientAddress: '10.0.0.9' };
    const v = await versionOf('basmati-5kg');
    await expect(changeProduct(database().db, 'basmati-5kg', v, { name: 'Ghost Rice', stock: 1 }, ghost)).rejects.toThrow();
    expect(await rows(sql`select name, stock, version from products where id = 'basmati-5kg'`)).toEqual([{ name: 'Guard Basmati Rice 5kg', stock: 25, version: v }]);
    expect(await auditOf('basmati-5kg')).toEqual([]);
  });

  it('checks, imports and exports catalogue files; an import raises versions and writes its audit rows', async () => {
    const editor = await api().member('editor');
    const ed = as(editor);
    const exported = await api().call('GET', '/api/staff/catalog/export?format=json', undefined, { cookie: editor.cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="kiryana-catalogue-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = exported.body as { categories: unknown[]; products: Record<string, unknown>[] };
    const milk = file.products.find((p) => p._id === 'milk-1l')!;
    milk.price = 300;
    file.products.push(newProduct('new-from-file'));
    (file.categories as { _id: string; description: string }[]).find((c) => c._id === 'pets')!.description = 'Food and care for pets';
    const versions = { milk: await versionOf('milk-1l'), eggs: await versionOf('eggs-12') };
    const categoryVersions = async () => Object.fromEntries((await rows(sql`select id, version from categories where id in ('pets', 'fresh')`)).map((r) => [r.id, r.version as number]));
    const categoriesBefore = await categoryVersions();

    const checked = await ed.post('/api/staff/catalog/check?format=json', JSON.stringify(file));
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ ok: true, errors: [], changes: { created: ['new-from-file'], changed: [{ id: 'milk-1l', fields: ['price'] }] } });
    expect(await versionOf('milk-1l')).toBe(versions.milk);

    const broken = structuredClone(file);
    broken.products[0].price = -5;
    const refused = await ed.post('/api/staff/catalog/import?format=json', JSON.stringify(broken));
    expect(refused.status).toBe(400);
    expect(refused.body.report).toMatchObject({ ok: false, errors: [expect.objectContaining({ field: 'price', message: 'must be above 0' })] });
    expect(await versionOf('milk-1l')).toBe(versions.milk);

    const imported = await ed.post('/api/staff/catalog/import?format=json', JSON.stringify(file));
    expect(imported.status).toBe(200);
    expect(imported.body.data.changes.created).toEqual(['new-from-file']);
    expect(await versionOf('milk-1l')).toBe(versions.milk + 1);
    expect(await versionOf('eggs-12')).toBe(versions.eggs); // unchanged: not written
    expect(await versionOf('new-from-file')).toBe(1);
    // A category the file changes is raised; one it leaves as it is keeps its version.
    expect(await categoryVersions()).toEqual({ pets: categoriesBefore.pets + 1, fresh: categoriesBefore.fresh });
    expect((await auditOf('milk-1l')).map((r) => [r.staff_id, r.action, r.before, r.after])).toEqual([[editor.id, 'catalog.import', { price: 290 }, { price: 300 }]]);
    expect(await rows(sql`select action, after from audit_log where record_kind = 'catalog' and action = 'catalog.import'`)).toEqual([
      { action: 'catalog.import', after: { created: 1, changed: 1, unchanged: file.products.length - 2, categories: file.categories.length } },
    ]);

    const raw = await api().accounts.app.request('/api/staff/catalog/export?format=csv', { headers: { Cookie: `kiryana_staff=${editor.cookie}` } });
    expect(raw.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await raw.text()).toContain('new-from-file');

    // The command line's import: versions raised, rows without an author, named in a refused save.
    const cli = parseCatalog(JSON.stringify({ categories: [], products: [{ ...milk, price: 310 }] }), 'json');
    expect((await importCatalog(database().db, cli)).ok).toBe(true);
    const stale = await ed.patch(`${P}/milk-1l`, { version: versions.milk + 1, changes: { stock: 5 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^This product was changed by the catalogue file import at /);
    expect((await ed.get(`${P}/milk-1l/history`)).body.data.entries[0]).toMatchObject({ staffName: null, action: 'catalog.import', after: { price: 310 } });
  });

  it('refuses a catalogue file over 16 MB (413) and one that cannot be read (400)', async () => {
    const editor = await api().member('editor');
    const big = 'x'.repeat(20 * MB);
    const tooBig = await api().call('POST', '/api/staff/catalog/check?format=csv', big, { cookie: editor.cookie });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('A catalogue file may be at most 16 MB. Please split it into smaller files.');
    const unreadable = await api().call('POST', '/api/staff/catalog/check?format=json', '{"products": [', { cookie: editor.cookie });
    expect(unreadable.status).toBe(400);
    expect((await api().call('POST', '/api/staff/catalog/check?format=xls', 'a,b', { cookie: editor.cookie })).status).toBe(400);
  });

  it('says whether the served pages show a product as stored now, and that they are not up to date while a rebuild fails', async () => {
    const editor = await api().member('editor');
    const folder = await mkdtemp(join(tmpdir(), 'kiryana-live-'));
    const site = join(folder, 'dist');
    await mkdir(site);
    try {
      const app = createApp({ db: database().db, kind: database().kind, clock: api().accounts.clock, logError: () => {}, siteDir: () => site });
      const get = async (path: string) => {
        const res = await app.request(path, { headers: { Cookie: `kiryana_staff=${editor.cookie}` } });
        return { status: res.status, body: await res.json() };
      };
      const live = (id: string) => get(`${P}/${id}/live`);
      expect((await live('milk-1l')).body.data).toEqual({ version: await versionOf('milk-1l'), live: false, failing: null }); // no site built yet
      await mkdir(join(site, '.kiryana'), { recursive: true });
      await writeFile(join(site, DIGESTS_FILE), JSON.stringify(await catalogueDigests(database().db)));
      expect((await live('milk-1l')).body.data.live).toBe(true);
      const v = await versionOf('milk-1l');
      await as(editor).patch(`${P}/milk-1l`, { version: v, changes: { name: 'Olpers Full Cream Milk 1L' } });
      expect((await live('milk-1l')).body.data).toEqual({ version: v + 1, live: false, failing: null });
      expect((await get('/api/staff/site')).body.data).toEqual({ failing: null });

      // The store's rebuild fails: the site keeper writes it down beside the site; editors are told until one succeeds.
      const failure = { since: '2026-11-28T05:00:00.000Z', tries: 3, reason: 'Could not read the catalogue from http://127.0.0.1:4321', nextTry: '2026-11-28T05:00:40.000Z' };
      await recordFailure(site, failure);
      expect((await live('milk-1l')).body.data).toEqual({ version: v + 1, live: false, failing: failure });
      expect((await get('/api/staff/site')).body.data).toEqual({ failing: failure });
      expect(siteFailureText(failure)).toBe(
        'The shop’s pages are not up to date: updating them has failed since 28 Nov 2026, 10:00 am (3 tries), so shoppers still see them as they were before. Saved changes are kept. The store tries again by itself at 28 Nov 2026, 10:00 am. What went wrong: Could not read the catalogue from http://127.0.0.1:4321',
      );
      await clearFailure(site);
      expect((await get('/api/staff/site')).body.data).toEqual({ failing: null });
      const packer = await api().member('packer');
      expect((await api().call('GET', '/api/staff/site', undefined, { cookie: packer.cookie })).status).toBe(403);

      // Every editor's change is one the pages wait for (the version is in the digest), a price too.
      await writeFile(join(site, DIGESTS_FILE), JSON.stringify(await catalogueDigests(database().db)));
      expect((await live('milk-1l')).body.data).toEqual({ version: v + 1, live: true, failing: null });
      await as(editor).patch(`${P}/milk-1l`, { version: v + 1, changes: { price: 295 } });
      expect((await live('milk-1l')).body.data).toEqual({ version: v + 2, live: false, failing: null });
      expect((await live('nothing-here')).status).toBe(404);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a packer, a shopper and no session', async () => {
    const packer = await api().member('packer');
    const shopper = await api().accounts.signUp();
    for (const [method, path, body] of [['GET', P], ['GET', `${P}/milk-1l`], ['PATCH', `${P}/milk-1l`, { version: 1, changes: { name: 'x' } }], ['POST', `${P}/bulk`, { changes: [] }]] as const) {
      expect((await api().call(method, path, body, { cookie: packer.cookie })).status, `${method} ${path}`).toBe(403);
      expect((await api().call(method, path, body, { bearer: shopper.token })).status).toBe(401);
      expect((await api().call(method, path, body)).status).toBe(401);
    }
    // A change from another origin is refused before anything.
    const editor = await api().member('editor');
    const v = await versionOf('milk-1l');
    expect((await api().call('PATCH', `${P}/milk-1l`, { version: v, changes: { name: 'x' } }, { cookie: editor.cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await versionOf('milk-1l')).toBe(v);
  });
});
