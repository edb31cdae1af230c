/**
 * The catalogue desk's API refuses a packer everywhere, against the real store: a packer signed in
 * (invited as `npm run staff -- add` does, the mailed link accepted) sees the order desk and no
 * catalogue items in the bar, and gets 403 from EVERY route whose permission is `catalog.edit` or
 * `reviews.moderate`. The routes are read from /api/openapi.json (each names its permission in
 * `x-permission`), so a catalogue route added later is walked too. An editor then saves a change
 * through the same API, and the product's page shows it once the change is live.
 */
import { paths } from '#lib/paths.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const CATALOGUE_PERMISSIONS = new Set(['catalog.edit', 'reviews.moderate']);

interface Operation {
  method: string;
  path: string;
}

test('a packer is refused every catalogue route; an editor’s change reaches the product page', async ({ page, browser, mailbox, baseURL, catalog }) => {
  const origin = new URL(baseURL!).origin;
  await readyMember(page, mailbox, 'packer');
  await page.goto('/staff/orders/');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Staff pages' });
  await expect(bar.getByRole('link', { name: 'Orders' })).toBeVisible(); // the bar is drawn for the member
  await expect(bar.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/staff-catalog-api-packer-${test.info().project.name}.png` });

  const document = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
  const routes: Operation[] = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/staff/'))
    .flatMap(([path, methods]) => Object.entries(methods).filter(([, op]) => CATALOGUE_PERMISSIONS.has(op['x-permission'] ?? '')).map(([method]) => ({ method: method.toUpperCase(), path })));
  // The products API at least: list, one, create, change, grid, live, history, files.
  expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining([
    'GET /api/staff/products',
    'POST /api/staff/products',
    'PATCH /api/staff/products/{id}',
    'POST /api/staff/products/bulk',
    'GET /api/staff/products/{id}/live',
    'GET /api/staff/products/{id}/history',
    'POST /api/staff/catalog/check',
    'POST /api/staff/catalog/import',
    'GET /api/staff/catalog/export',
    'GET /api/staff/search/synonyms',
    'POST /api/staff/search/synonyms',
    'PATCH /api/staff/search/synonyms/{id}',
    'DELETE /api/staff/search/synonyms/{id}',
    'GET /api/staff/search/misses',
  ]));

  // A product far down the list: the other specs take theirs from the top.
  const product = (await catalog.products()).at(-7)!;
  for (const { method, path } of routes) {
    // Real ids and a well-formed body: only the permission may refuse the call.
    const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(product._id)) + (path.startsWith('/api/staff/catalog/') ? '?format=json' : '');
    const reply = await page.request.fetch(url, {
      method,
      headers: { Origin: origin, ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { data: path.startsWith('/api/staff/catalog/') ? JSON.stringify({ products: [] }) : { version: 1, changes: { name: 'Taken by a packer' } } }),
    });
    expect(reply.status(), `${method} ${path}`).toBe(403);
  }

  // An editor's change through the same API reaches the product's page.
  const editorPage = await (await browser.newContext({ baseURL })).newPage();
  try {
    await readyMember(editorPage, mailbox, 'editor');
    const api = editorPage.request;
    const stored = (await (await api.get(`/api/staff/products/${product._id}`)).json()).data;
    expect(stored.name).not.toBe('Taken by a packer');
    const description = `${stored.description} Now in a resealable pack (${test.info().project.name}).`;
    const saved = await api.patch(`/api/staff/products/${product._id}`, { headers: { Origin: origin }, data: { version: stored.version, changes: { description } } });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect.poll(async () => (await (await api.get(`/api/staff/products/${product._id}/live`)).json()).data.live, { timeout: 90_000 }).toBe(true);
    await editorPage.goto(paths.product(product._id));
    const shown = editorPage.getByText(description).first();
    await expect(shown).toBeVisible();
    await shown.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await editorPage.screenshot({ path: `/tmp/staff-catalog-api-${test.info().project.name}.png` });
  } finally {
    await editorPage.context().close();
  }
});
