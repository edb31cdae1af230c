/**
 * `npm run bench:edit -- --products 10000 [--database-url URL] [--port N] [--edits N]`: how long an editor's change takes
 * to be live while the store runs. Generates N products into a fresh embedded database (or the
 * PostgreSQL database given, whose products are replaced), starts the store on it as `npm start`
 * does, and then imports one-product files with `npm run catalog -- import` the way an editor
 * would: a new name, a new description, another picture, another category, and the name of one
 * of the best-rated products (shown in many products' "You might also like"). Each time it asks
 * the store for the product's page until it shows the change, and prints how long that took after
 * the import returned, how many pages were rewritten and whether the listings agree (the new
 * category lists the product, the old one no longer does).
 * Then "a change through the form": a member of staff (an editor, invited with `npm run staff --
 * add` and signed in over HTTP as the staff pages do) renames a product with
 * PATCH /api/staff/products/{id}, and the bench polls GET /api/staff/products/{id}/live (and the
 * product's page) until the change is live; then uploads a phone's photo (12 megapixels, EXIF with
 * a location) with POST /api/staff/pictures and saves it as the product's main picture. Printed
 * beside the imports, the first column the save's own time (the upload's included).
 * The baseline, measured in the same run: the full build the store made at its start.
 * Targets (the name, description, picture and category changes): live within 5 s of the import at
 * 10,000 products, within 10 s at 100,000. The best-rated product's row is shown beside them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { openDatabase } from '#server/db/client.ts';
import { config as settings, ROOT } from '#server/config.ts';
import type { Category, Product } from '#lib/schemas/catalog.ts';
import { pageCount } from '#features/catalog/category-pages.ts';
import { prepareArtwork } from '#server/artwork/prepare.ts';
import { replaceWithGenerated } from '../lib/catalog/generate.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    'database-url': { type: 'string' },
    /** Where the store listens (default: a free port the system gives). */
    port: { type: 'string' },
    /** Only the first N edits of the list below (default all), for a way of building that takes minutes an edit. */
    edits: { type: 'string' },
  },
});
const count = Number(values.products);
const databaseUrl = values['database-url'];
const TARGETS = [
  { upTo: 10_000, seconds: 5 },
  { upTo: 100_000, seconds: 10 },
];
const target = TARGETS.find((t) => count <= t.upTo) ?? TARGETS[TARGETS.length - 1];
const work = join(ROOT, '.cache/bench-edit');
const leftover = `${work}-leftover-${Date.now()}`;
await rename(work, leftover).catch(() => {});
await mkdir(work, { recursive: true });
await prepareArtwork(settings.artworkDir, () => {});

const dataDir = join(work, 'pglite');
const distDir = join(work, 'dist');
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
const port = values.port ? Number(values.port) : await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  KIRYANA_DATA_DIR: dataDir,
  KIRYANA_DIST_DIR: distDir,
  WORKERS: '1',
  DATABASE_URL: databaseUrl ?? '',
  CATALOG_API_URL: '',
  // The staff API takes changes only from the site's own origin: the bench's requests carry it.
  SITE_URL: `http://127.0.0.1:${port}`,
  SMTP_URL: '',
};

// 1. The catalogue.
{
  const database = await openDatabase({ url: databaseUrl, dataDir });
  const { ms } = await replaceWithGenerated(database.db, count, 42);
  await database.close();
  console.log(`catalogue: ${count.toLocaleString('en')} products in ${(ms / 1000).toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : 'embedded database'})`);
}

// 2. The store, as npm start runs it; its first build is the baseline.
const store: ChildProcess = spawn(process.execPath, [join(ROOT, 'src/runtime/start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
const storeLog: string[] = [];
const started = performance.now();
await new Promise<void>((ready, failed) => {
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim()) storeLog.push(line);
      if (line.includes('Kiryana is open')) ready();
    }
  };
  store.stdout!.on('data', onLine);
  store.stderr!.on('data', onLine);
  store.on('exit', (code) => failed(new Error(`The store stopped (exit ${code}):\n${storeLog.slice(-20).join('\n')}`)));
});
const fullBuild = storeLog.map((l) => /Built ([\d,]+) pages in ([\d.]+) s/.exec(l)).find(Boolean);
console.log(`store: open in ${((performance.now() - started) / 1000).toFixed(1)} s; ${fullBuild ? `its full build: ${fullBuild[1]} pages in ${fullBuild[2]} s` : 'no build'}`);
const site = `http://127.0.0.1:${port}`;

const api = async <T>(path: string): Promise<T> => ((await (await fetch(`${site}${path}`)).json()) as { data: T }).data;
const html = async (path: string) => {
  const reply = await fetch(`${site}${path}`, { headers: { 'Cache-Control': 'no-cache' } });
  return reply.ok ? reply.text() : '';
};
const categories = await api<Category[]>('/api/category');
const nameOf = (id: string) => categories.find((c) => c._id === id)!.name;

/** The import file's record of a product as the API gives it (ratings left out: they are kept). */
const record = (p: Product) => ({
  _id: p._id,
  name: p.name,
  description: p.description,
  category: nameOf(p.categoryId),
  brand: p.brand,
  price: p.price,
  discount: p.discount,
  stock: p.stock,
  images: p.images,
  specifications: p.specifications,
  createdAt: p.createdAt,
});

/** Runs `npm run catalog -- import FILE` as an editor would; resolves with its wall time. */
async function importFile(file: string): Promise<number> {
  const t = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/catalog.ts'), 'import', file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  if (code !== 0) throw new Error(`The import failed (exit ${code}): ${output}`);
  return (performance.now() - t) / 1000;
}

/** The listing pages of a category that link to a product. */
async function listingsShowing(categoryId: string, productId: string): Promise<string[]> {
  const category = (await api<Category[]>('/api/category')).find((c) => c._id === categoryId)!;
  const found: string[] = [];
  for (let page = 1; page <= pageCount(category.productCount); page++) {
    const path = page === 1 ? `/category/${categoryId}/` : `/category/${categoryId}/page/${page}/`;
    if ((await html(path)).includes(`/product/${productId}/`)) found.push(path);
  }
  return found;
}

// 3. The edits.
const all = await api<{ products: Product[] }>(`/api/products?limit=100&page=${Math.max(1, Math.floor(count / 200))}`);
const typical = all.products.filter((p) => p.rating < 4.5);
const popular = (await api<{ products: Product[] }>('/api/products?limit=1&sortBy=rating&sortOrder=desc')).products[0];
const otherImage = all.products.find((p) => p.images[0] && p.images[0] !== typical[2].images[0])!.images[0];
const breadcrumb = (page: string) => /aria-label="Breadcrumb">([\s\S]*?)<\/nav>/.exec(page)?.[1] ?? '';
type Edit = { what: string; product: Product; change: (p: Product) => Partial<ReturnType<typeof record>>; shows: (page: string, p: Product) => boolean; beyondGoal?: boolean };
const renamed = (p: Product) => `${p.name} (new pack)`;
const edits: Edit[] = [
  { what: 'name', product: typical[0], change: (p) => ({ name: renamed(p) }), shows: (page, p) => page.includes(renamed(p)) },
  { what: 'description', product: typical[1], change: (p) => ({ description: `${p.description} Now in a resealable pack.` }), shows: (page) => page.includes('Now in a resealable pack.') },
  { what: 'image', product: typical[2], change: () => ({ images: [otherImage] }), shows: (page) => page.includes(otherImage.replace(/\.[a-z]+$/, '')) },
  {
    what: 'category',
    product: typical[3],
    change: (p) => ({ category: nameOf(categories.find((c) => c._id !== p.categoryId && c.productCount > 0)!._id) }),
    // The breadcrumb names the category: the menu names them all.
    shows: (page, p) => breadcrumb(page).includes(`/category/${categories.find((c) => c._id !== p.categoryId && c.productCount > 0)!._id}/`),
  },
  // Not one of the goal's: the best-rated products of a category are on every page of it ("You
  // might also like"), thousands at 100,000 products, all rewritten before any is served.
  { what: 'name of a best-rated product', product: popular, change: (p) => ({ name: renamed(p) }), shows: (page, p) => page.includes(renamed(p)), beyondGoal: true },
];

if (values.edits) edits.splice(Number(values.edits));

type Row = { what: string; importSeconds: number; liveSeconds: number; rebuilt?: string; plan?: string; listings: string; beyondGoal?: boolean };
const rows: Row[] = [];
for (const edit of edits) {
  const p = edit.product;
  const before = await listingsShowing(p.categoryId, p._id);
  const file = join(work, `edit-${rows.length}.json`);
  await writeFile(file, JSON.stringify([{ ...record(p), ...edit.change(p) }]));
  const logged = storeLog.length;
  const importSeconds = await importFile(file);
  const imported = performance.now();
  let liveSeconds = Number.NaN;
  while (performance.now() - imported < 120_000) {
    if (edit.shows(await html(`/product/${p._id}/`), p)) {
      liveSeconds = (performance.now() - imported) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // What the store rendered: its log's line for this round (written once the pages are moved in).
  let rebuilt: string | undefined;
  while (!rebuilt && performance.now() - imported < 180_000) {
    rebuilt = storeLog.slice(logged).find((line) => /▸ (Rebuilt|Built)/.test(line));
    if (!rebuilt) await new Promise((r) => setTimeout(r, 50));
  }
  // The listings, read after the product page went live (the site is swapped in whole).
  const fresh = (await api<Product>(`/api/products/${p._id}`)) as Product;
  const now = await listingsShowing(fresh.categoryId, p._id);
  let listings = `${now.length ? now.join(', ') : 'none!'} lists it`;
  if (fresh.categoryId !== p.categoryId) {
    const old = await listingsShowing(p.categoryId, p._id);
    listings += old.length ? `; the old category still lists it at ${old.join(', ')}!` : `; ${before.join(', ')} no longer does`;
  } else if (edit.what.startsWith('name') && now.length) {
    listings += (await html(now[0])).includes(renamed(p)) ? ' with the new name' : ' with the OLD name!';
  }
  // How long Astro's paths and the plan of which pages to render took (changed-pages.ts logs them).
  const plan = storeLog.slice(logged).find((line) => /pages to render: paths/.test(line))?.replace(/^.*?(\d[\d,]* of [\d,]+ pages to render)/, '$1');
  rows.push({ what: edit.what, importSeconds, liveSeconds, rebuilt, plan, listings, beyondGoal: edit.beyondGoal });
  console.log(`  ${edit.what}: live ${liveSeconds.toFixed(1)} s after the import`);
}

// 4. A change through the form: an editor's PATCH, then the product's live status polled.
{
  const email = `bench-editor-${Date.now()}@shop.example.pk`;
  const password = 'Bench-Edit-2026';
  const logged = storeLog.length;
  const invite = spawn(process.execPath, [join(ROOT, 'scripts/staff.ts'), 'add', email, '--role', 'editor'], { cwd: ROOT, env, stdio: 'ignore' });
  if ((await new Promise<number | null>((done) => invite.on('exit', done))) !== 0) throw new Error('npm run staff -- add failed');
  // The store prints its mails (no SMTP server): the invitation's link is in its log.
  let token: string | undefined;
  const asked = performance.now();
  while (!token && performance.now() - asked < 30_000) {
    token = storeLog.slice(logged).map((l) => /\/staff\/accept\/#([A-Za-z0-9_-]{43})/.exec(l)?.[1]).find(Boolean);
    if (!token) await new Promise((r) => setTimeout(r, 50));
  }
  if (!token) throw new Error('The invitation did not reach the store log');
  const headers = { 'Content-Type': 'application/json', Origin: site };
  const accepted = await fetch(`${site}/api/staff/invites/accept`, { method: 'POST', headers, body: JSON.stringify({ token, name: 'Bench Editor', password }) });
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  const signedIn = await fetch(`${site}/api/staff/sign-in`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('kiryana_staff='))?.split(';')[0];
  if (!cookie) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const staffApi = (path: string, init: RequestInit = {}) => fetch(`${site}/api/staff${path}`, { ...init, headers: { ...headers, Cookie: cookie } });
  type Opened = { version: number; name: string; images: string[] };
  /** One save through the form's route: `prepare` is the editor's work before Save (an upload), timed with it. */
  async function throughTheForm(what: string, p: Product, prepare: (opened: Opened) => Promise<{ changes: Partial<Opened>; shows: string }>) {
    const since = storeLog.length;
    const opened = ((await (await staffApi(`/products/${p._id}`)).json()) as { data: Opened }).data;
    const t = performance.now();
    const { changes, shows } = await prepare(opened);
    const saved = await staffApi(`/products/${p._id}`, { method: 'PATCH', body: JSON.stringify({ version: opened.version, changes }) });
    if (saved.status !== 200) throw new Error(`PATCH: ${saved.status} ${await saved.text()}`);
    const savedAt = performance.now();
    let liveSeconds = Number.NaN;
    while (performance.now() - savedAt < 120_000) {
      const { live } = ((await (await staffApi(`/products/${p._id}/live`)).json()) as { data: { live: boolean } }).data;
      if (live && (await html(`/product/${p._id}/`)).includes(shows)) {
        liveSeconds = (performance.now() - savedAt) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    let rebuilt: string | undefined;
    while (!rebuilt && performance.now() - savedAt < 180_000) {
      rebuilt = storeLog.slice(since).find((line) => /▸ (Rebuilt|Built)/.test(line));
      if (!rebuilt) await new Promise((r) => setTimeout(r, 50));
    }
    const plan = storeLog.slice(since).find((line) => /pages to render: paths/.test(line))?.replace(/^.*?(\d[\d,]* of [\d,]+ pages to render)/, '$1');
    rows.push({ what, importSeconds: (savedAt - t) / 1000, liveSeconds, rebuilt, plan, listings: 'the staff API says live' });
    console.log(`  ${what}: live ${liveSeconds.toFixed(1)} s after the save`);
  }

  await throughTheForm('name, through the form', typical[4], async (opened) => {
    const name = `${opened.name} (form)`;
    return { changes: { name }, shows: name };
  });
  // A phone's photo (12 megapixels, EXIF with a location), uploaded as the form does, made the main picture.
  const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#8a6d3b', noise: { type: 'gaussian', mean: 140, sigma: 18 } } })
    .jpeg({ quality: 82 })
    .withExif({ IFD0: { Make: 'Bench Phone', Model: 'BP 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '67/1 0/1 0/1' } })
    .toBuffer();
  console.log(`  (the photo: ${(photo.length / 1e6).toFixed(1)} MB, 4032 × 3024; its upload is in the save's time)`);
  await throughTheForm('picture, through the form', typical[5], async (opened) => {
    const uploaded = await fetch(`${site}/api/staff/pictures?kind=products`, { method: 'POST', body: new Uint8Array(photo), headers: { Origin: site, Cookie: cookie, 'Content-Type': 'image/jpeg' } });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { image } = ((await uploaded.json()) as { data: { image: string } }).data;
    return { changes: { images: [image, ...opened.images] }, shows: image.replace(/\.webp$/, '') };
  });
}

store.kill('SIGTERM');
await new Promise((r) => store.on('exit', r));

// 5. The figures.
console.log(`\nedits at ${count.toLocaleString('en')} products (${process.arch}, ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}, ${new Date().toISOString().slice(0, 16)} UTC; ${databaseUrl ? 'PostgreSQL' : 'embedded database'})`);
console.log(`baseline   the store's full build at its start: ${fullBuild ? `${fullBuild[2]} s for ${fullBuild[1]} pages` : 'none'}`);
console.log('change                         import (or save)   live after it   pages rewritten   listings');
const missed: string[] = [];
for (const row of rows) {
  const changed = /Rebuilt ([\d,]+) pages/.exec(row.rebuilt ?? '');
  const pages = changed ? changed[1] : row.rebuilt ? `all (${/\((.*)\)/.exec(row.rebuilt)?.[1] ?? 'a full build'})` : '?';
  console.log(`${row.what.padEnd(30)} ${row.importSeconds.toFixed(1).padStart(5)} s            ${row.liveSeconds.toFixed(1).padStart(8)} s       ${pages.padEnd(17)} ${row.listings}`);
  if (!row.beyondGoal && !(row.liveSeconds <= target.seconds)) missed.push(`${row.what}: live ${row.liveSeconds.toFixed(1)} s after the ${row.what.includes('form') ? 'save' : 'import'}`);
  if (row.listings.includes('!')) missed.push(`${row.what}: ${row.listings}`);
}
const ok = missed.length === 0;
console.log(`target     live within ${target.seconds} s of the import or save at ${count.toLocaleString('en')} products (name, description, image, category, the form's name and picture): ${ok ? 'OK' : 'MISSED'}`);
for (const row of rows) console.log(`plan       ${row.what}: ${row.plan ?? 'none (a full build)'}`);
console.log(`store log: ${storeLog.filter((l) => /Rebuilt|Built|No build|Drawing|images: /.test(l)).slice(-9).join(' | ')}`);
await Promise.all([work, leftover].map((dir) => rm(dir, { recursive: true, force: true })));
if (!ok) {
  console.error(`\n✗ ${missed.join('; ')}`);
  process.exit(1);
}
