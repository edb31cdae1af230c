/**
 * The categories desk API (/api/staff/categories): list in order, add (id from the name, names
 * unique in any case), change from a version (409 naming who and when, with the category now),
 * reorder (every id once), each with its audit row; a rename keeps the old name as a redirect the
 * store answers with 301, and a name taken again drops its redirect; script in a name stays text;
 * a packer is refused.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeRedirects } from '#server/category-redirects.ts';
import { staticHandler } from '#server/static.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { useStaffApi, type SignedInMember } from '#server/test/staff.ts';

const BASE = '/api/staff/categories';

describe.each(testDatabases)('the categories desk API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useStaffApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const as = (member: SignedInMember) => (method: string, path: string, body?: unknown) => api().checked(member, method, `${BASE}${path}`, body);
  const auditOf = (id: string) => rows(sql`select staff_id, action, before, after from audit_log where record_kind = 'category' and record_id = ${id} order by id`);
  const shopCategories = async () => ((await api().call('GET', '/api/category')).body.data as { _id: string; name: string }[]);

  it('lists in order, adds with an id from the name, refuses a name taken in any case, and keeps script as text', async () => {
    const editor = as(await api().member('editor'));
    const list = await editor('GET', '');
    expect(list.status).toBe(200);
    expect(list.body.data.categories.map((c: { _id: string }) => c._id)).toEqual((await shopCategories()).map((c) => c._id));
    expect(list.body.data.categories[0]).toMatchObject({ version: 1, productCount: expect.any(Number), position: expect.any(Number) });

    const added = await editor('POST', '', { name: '  Baby <img src=x onerror=alert(1)> Care ', description: 'Nappies & wipes' });
    expect(added.status).toBe(201);
    expect(added.body.data.category).toMatchObject({ _id: 'baby-img-src-x-onerror-alert-1-care', name: 'Baby <img src=x onerror=alert(1)> Care', description: 'Nappies & wipes', version: 1, productCount: 0 });
    const shop = await shopCategories();
    expect(shop[shop.length - 1].name).toBe('Baby <img src=x onerror=alert(1)> Care'); // last in the order, as text
    expect(await auditOf('baby-img-src-x-onerror-alert-1-care')).toMatchObject([{ action: 'category.create', before: null, after: { name: 'Baby <img src=x onerror=alert(1)> Care' } }]);

    const again = await editor('POST', '', { name: 'food cupboard' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ name: "A category named 'Food Cupboard' already exists." });
    const second = await editor('POST', '', { name: 'Fresh  Chilled! Food' }); // the same id as 'fresh-chilled-food' would be: made unique
    expect(second.status).toBe(201);
    const third = await editor('POST', '', { name: 'Fresh - Chilled - Food' });
    expect([second.body.data.category._id, third.body.data.category._id]).toEqual(['fresh-chilled-food', 'fresh-chilled-food-2']);
    expect((await editor('POST', '', { name: 'Dairy', _id: 'fresh' })).status).toBe(409);
    expect((await editor('POST', '', { name: '   ' })).body.errors).toEqual({ name: 'Please give the category a name.' });
    expect((await editor('POST', '', { name: '!!!' })).body.errors).toEqual({ name: 'Please use a name with at least one letter or digit.' });
    expect((await editor('POST', '', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Bad\u0000name' })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Tea / Coffee' })).body.errors).toEqual({ name: 'The name must not contain a slash (/ or \\), ? or #: it is part of the category page’s address.' });
    expect((await editor('POST', '', { name: 'a/../../tmp/x' })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Snacks..' })).body.errors).toEqual({ name: 'The name must not start with a dot or hold two dots in a row (..): it is part of the category page’s address.' });
    expect((await editor('PATCH', '/bakery', { version: 1, changes: { name: '..' } })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Pics', images: ['/images/../../etc/passwd'] })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Ok', _id: 'Not An Id' })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Pics', images: ['javascript:alert(1)'] })).status).toBe(400);
    expect((await editor('POST', '', { name: 'Pics', images: ['/images/categories/up-0123456789abcdef.webp'] })).body.data.category.images).toEqual(['/images/categories/up-0123456789abcdef.webp']);
  });

  it('changes from a version, tells the second editor who changed it, and keeps the old name as a 301', async () => {
    const first = await api().member('editor');
    const second = await api().member('manager');
    const a = as(first);
    const b = as(second);
    const renamed = await a('PATCH', '/fresh', { version: 1, changes: { name: 'Dairy & Chilled', description: 'Milk, yoghurt, meat' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.category).toMatchObject({ _id: 'fresh', name: 'Dairy & Chilled', version: 2 });
    // Only the fields that changed are in the audit row (the description was the same).
    expect(await auditOf('fresh')).toMatchObject([{ action: 'category.update', staff_id: first.id, before: { name: 'Fresh & Chilled Food' }, after: { name: 'Dairy & Chilled' } }]);
    expect((await auditOf('fresh'))[0].before).toEqual({ name: 'Fresh & Chilled Food' });

    const late = await b('PATCH', '/fresh', { version: 1, changes: { description: 'Cold things' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^This category was changed by A editor at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?(am|pm|AM|PM) since you opened it\. Your changes were not saved: see what changed, then save again\.$/);
    expect(late.body.current).toMatchObject({ _id: 'fresh', name: 'Dairy & Chilled', version: 2, description: 'Milk, yoghurt, meat' });
    expect((await b('PATCH', '/fresh', { version: 2, changes: { description: 'Cold things' } })).body.data.category.version).toBe(3);
    expect((await b('PATCH', '/nope', { version: 1, changes: { name: 'X' } })).status).toBe(404);
    expect((await b('PATCH', '/fresh', { version: 3, changes: { name: 'food CUPBOARD' } })).body.errors).toEqual({ name: "A category named 'Food Cupboard' already exists." });

    // The old name's page answers 301 to the category, from the redirects the build writes.
    const redirects = (await api().call('GET', '/api/category-redirects')).body.data;
    expect(redirects).toEqual([{ oldName: 'Fresh & Chilled Food', categoryId: 'fresh' }]);
    const root = await mkdtemp(join(tmpdir(), 'kiryana-redirects-'));
    try {
      await mkdir(join(root, 'category', 'fresh'), { recursive: true });
      await writeFile(join(root, 'category', 'fresh', 'index.html'), '<h1>Dairy</h1>');
      await writeRedirects(root, redirects);
      const serve = staticHandler(() => root);
      for (const path of ['/category/Fresh%20%26%20Chilled%20Food/', '/category/Fresh%20%26%20Chilled%20Food']) {
        const res = await serve(new Request(`http://store${path}`));
        expect(res.status, path).toBe(301);
        expect(res.headers.get('location')).toBe('/category/fresh/');
      }
      expect((await serve(new Request('http://store/category/fresh/'))).status).toBe(200);
      expect((await serve(new Request('http://store/category/Unknown/'))).status).toBe(404);
      expect(await import('node:fs/promises').then((fs) => fs.readFile(join(root, '_redirects'), 'utf8'))).toBe('/category/Fresh%20%26%20Chilled%20Food/ /category/fresh/ 301\n');
    } finally {
      await rm(root, { recursive: true, force: true });
    }

    // A name given back to a live category is no longer a redirect.
    expect((await b('PATCH', '/fresh', { version: 3, changes: { name: 'Fresh & Chilled Food' } })).status).toBe(200);
    expect((await api().call('GET', '/api/category-redirects')).body.data).toEqual([{ oldName: 'Dairy & Chilled', categoryId: 'fresh' }]);
  });

  it('reorders every category in one go, refuses a partial order, and a packer reaches nothing', async () => {
    const member = await api().member('editor');
    const editor = as(member);
    const ids = (await shopCategories()).map((c) => c._id);
    const reversed = [...ids].reverse();
    const moved = await editor('PUT', '/order', { ids: reversed });
    expect(moved.status).toBe(200);
    expect(moved.body.data.categories.map((c: { _id: string }) => c._id)).toEqual(reversed);
    expect((await shopCategories()).map((c) => c._id)).toEqual(reversed);
    expect(await auditOf('order')).toMatchObject([{ action: 'category.reorder', staff_id: member.id, before: { order: ids }, after: { order: reversed } }]);
    for (const bad of [reversed.slice(1), [...reversed, 'nope'], [reversed[0], ...reversed.slice(0, -1)]]) {
      const refused = await editor('PUT', '/order', { ids: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Please name every category once, in the new order.');
    }
    expect((await shopCategories()).map((c) => c._id)).toEqual(reversed);

    const packer = await api().member('packer');
    for (const [method, path, body] of [['GET', ''], ['POST', '', { name: 'X' }], ['PATCH', '/fresh', { version: 1, changes: { name: 'X' } }], ['PUT', '/order', { ids }]] as const) {
      expect((await api().call(method, `${BASE}${path}`, body, { cookie: packer.cookie })).status, `${method} ${path}`).toBe(403);
    }
    expect((await api().call('POST', BASE, { name: 'Y' }, { cookie: member.cookie, origin: 'https://evil.example' })).status).toBe(403);
  });
});
