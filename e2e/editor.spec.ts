/**
 * A content editor's whole loop while the store runs, on the embedded database: validate a file,
 * import it with `npm run catalog` (through the running store), see the change in the browser a
 * few seconds later on the product's page and on the listings, and export the catalogue. Its
 * catalogue has one category of two pages, which the shared store's has not: a later page's
 * controls are tried here.
 * The store here is one of its own (a small catalogue in .cache/e2e-editor, on E2E_PORT + 1): the
 * shared store's pages stay as the other specs expect them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { pick } from './listing-helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = join(ROOT, '.cache/e2e-editor');
const port = Number(process.env.E2E_PORT || 4391) + 1;
const site = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', KIRYANA_DATA_DIR: join(dir, 'pglite'), KIRYANA_DIST_DIR: join(dir, 'dist'), DATABASE_URL: '', WORKERS: '1', SITE_URL: site };

const categories = [
  { _id: 'tea', name: 'Tea & Coffee' },
  { _id: 'rice', name: 'Rice & Grains' },
  { _id: 'snacks', name: 'Snacks' },
];
const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
const products = [
  { _id: 'tapal-family-950g', name: 'Tapal Family Mixture 950g', category: 'Tea & Coffee', brand: 'Tapal', price: 1450, stock: 30, ratings5: 4, createdAt: day(1) },
  { _id: 'lipton-yellow-label-475g', name: 'Lipton Yellow Label 475g', category: 'Tea & Coffee', brand: 'Lipton', price: 980, stock: 12, ratings4: 2, createdAt: day(2) },
  { _id: 'vital-green-tea-30', name: 'Vital Green Tea 30 Bags', category: 'Tea & Coffee', brand: 'Vital', price: 350, stock: 40, createdAt: day(3) },
  { _id: 'guard-basmati-5kg', name: 'Guard Basmati Rice 5kg', category: 'Rice & Grains', brand: 'Guard', price: 2400, stock: 25, ratings5: 7, createdAt: day(4) },
  { _id: 'falak-sella-1kg', name: 'Falak Sella Rice 1kg', category: 'Rice & Grains', brand: 'Falak', price: 520, stock: 60, createdAt: day(5) },
  // Enough of one category for a second page (48 a page): Snack 01 the cheapest and oldest.
  ...Array.from({ length: 52 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { _id: `snack-${n}`, name: `Snack ${n}`, category: 'Snacks', brand: 'Kurkure', price: 50 + 5 * i, stock: 20, createdAt: day(6 + i) };
  }),
];

/** Runs `npm run catalog -- …args` as an editor would; resolves with its exit code and output. */
function catalog(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/catalog.ts'), ...args], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

let store: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  // One store, one browser size: the loop is the editor's, not a layout.
  test.skip(testInfo.project.name !== 'desktop', 'the editor works at a desk');
  test.setTimeout(300_000);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // The store's first catalogue, imported before it starts (it then seeds nothing).
  await writeFile(join(dir, 'start.json'), JSON.stringify({ categories, products }));
  const first = await catalog('import', join(dir, 'start.json'));
  expect(first.output).toContain('Imported');
  store = spawn(process.execPath, [join(ROOT, 'src/runtime/start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((ready, failed) => {
    const read = (chunk: Buffer) => {
      log += chunk;
      if (log.includes('Kiryana is open')) ready();
    };
    store!.stdout!.on('data', read);
    store!.stderr!.on('data', read);
    store!.on('exit', (code) => failed(new Error(`The editor's store stopped (exit ${code}):\n${log.slice(-2000)}`)));
  });
});

test.afterAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  if (store && store.exitCode === null) {
    store.kill('SIGTERM');
    await new Promise((done) => store!.on('exit', done));
  }
  await rm(dir, { recursive: true, force: true });
});

test('an editor validates, imports and exports while the store runs, and shoppers see the change within seconds', { tag: '@widths' }, async ({ page }) => {
  test.setTimeout(120_000);
  // A file with a mistake: reported by row and field, and nothing changes.
  await writeFile(join(dir, 'bad.json'), JSON.stringify([{ ...products[0], name: 'Tapal Family Mixture 900g', price: 0 }]));
  const checked = await catalog('validate', join(dir, 'bad.json'));
  expect(checked.code).toBe(1);
  expect(checked.output).toContain('Row 1 (tapal-family-950g), field price');
  expect(checked.output).toContain('nothing was changed');
  expect((await catalog('import', join(dir, 'bad.json'))).code).toBe(1);

  await page.goto(`${site}/product/tapal-family-950g/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tapal Family Mixture 950g');

  // A new name for one product, another category for another.
  await writeFile(
    join(dir, 'change.json'),
    JSON.stringify([
      { ...products[0], name: 'Tapal Family Mixture 900g' },
      { ...products[2], category: 'Rice & Grains' },
    ]),
  );
  const foretold = await catalog('validate', join(dir, 'change.json'));
  expect(foretold.output).toContain('2 products are valid. Importing it would make 2 products changed:');
  expect(foretold.output).toContain('  changed tapal-family-950g: name');
  const imported = await catalog('import', join(dir, 'change.json'));
  expect(imported.code, imported.output).toBe(0);
  expect(imported.output).toContain('2 products changed');
  expect(imported.output).toContain('  changed tapal-family-950g: name');
  const importedAt = Date.now();

  // Live on the product's page within seconds, without anyone rebuilding anything by hand.
  await expect(async () => {
    await page.goto(`${site}/product/tapal-family-950g/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tapal Family Mixture 900g', { timeout: 1000 });
  }).toPass({ timeout: 30_000, intervals: [250] });
  console.log(`live ${((Date.now() - importedAt) / 1000).toFixed(1)} s after the import`);

  // And on every listing: the new name in its category, the moved product in its new one only.
  await page.goto(`${site}/category/tea/`);
  await expect(page.getByRole('link', { name: 'Tapal Family Mixture 900g' }).first()).toBeVisible();
  await expect(page.locator('a[href="/product/vital-green-tea-30/"]')).toHaveCount(0);
  await page.goto(`${site}/category/rice/`);
  await expect(page.locator('a[href="/product/vital-green-tea-30/"]').first()).toBeVisible();
  await page.goto(`${site}/product/vital-green-tea-30/`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Rice & Grains');

  // The export carries the change, in the format the import reads.
  const exported = await catalog('export', join(dir, 'export.csv'));
  expect(exported.code, exported.output).toBe(0);
  const csv = await readFile(join(dir, 'export.csv'), 'utf8');
  expect(csv).toContain('Tapal Family Mixture 900g');
  expect(csv).toMatch(/vital-green-tea-30,Vital Green Tea 30 Bags,[^\n]*Rice & Grains/);
});

test("a price-only import shows the new price at once, and nothing in the page's head or structured data says the old one", { tag: '@widths' }, async ({ page, request }) => {
  test.setTimeout(60_000);
  const product = products[1];
  const path = `${site}/product/${product._id}/`;
  const builtPage = await request.get(path);
  await page.goto(path);
  await expect(page.getByRole('main').getByTestId('price').first()).toHaveText(`Rs. ${product.price.toLocaleString('en-US')}`);

  const imported = await catalog('import', await fileWith('price.json', [{ ...product, price: 1100 }]));
  expect(imported.code, imported.output).toBe(0);

  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('main').getByTestId('price').first()).toHaveText('Rs. 1,100', { timeout: 1000 });
  }).toPass({ timeout: 30_000, intervals: [250] });
  // A price alone rebuilds nothing: the page is the very file built before the import.
  expect((await request.get(path)).headers().etag).toBe(builtPage.headers().etag);
  // So what the HTML itself says (title, Open Graph, description, structured data) names no price, old or new.
  const head = {
    title: await page.title(),
    ogTitle: await page.locator('meta[property="og:title"]').getAttribute('content'),
    ogDescription: await page.locator('meta[property="og:description"]').getAttribute('content'),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
    jsonLd: await page.locator('script[type="application/ld+json"]').textContent(),
  };
  expect(head.title).toBe(`${product.name} | Kiryana`);
  for (const [name, text] of Object.entries(head)) {
    expect(text, name).not.toMatch(/Rs\.|980|1,?100|"price"|"offers"/);
  }
});

/** Writes `rows` as a catalogue file in the editor's folder; its path. */
async function fileWith(name: string, rows: object[]): Promise<string> {
  await writeFile(join(dir, name), JSON.stringify(rows));
  return join(dir, name);
}

test('a sort or filter chosen on a later page of a category starts over from its first page', { tag: '@widths' }, async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${site}/category/snacks/page/2/`);
  // Newest first by default: the second page holds the four oldest.
  await expect(page.getByRole('link', { name: 'Snack 01' }).first()).toBeVisible();
  await pick(page.getByLabel('Sort by'), 'price-desc');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/category/snacks/');
  expect(new URL(page.url()).searchParams.get('sort')).toBe('price-desc');
  // The dearest first, as the first page of that order shows it.
  await expect(page.locator('main a[href^="/product/snack-"]').first()).toHaveAttribute('href', '/product/snack-52/');
  // A shared link to a later page with a sort is the first page of that order too.
  await page.goto(`${site}/category/snacks/page/2/?sort=price-asc`);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/category/snacks/');
  await expect(page.locator('main a[href^="/product/snack-"]').first()).toHaveAttribute('href', '/product/snack-01/');
});
