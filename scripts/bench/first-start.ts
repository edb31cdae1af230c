/**
 * `npm run bench:first-start [-- --port 4431] [--all] [--keep]`: a newcomer's first `npm start`,
 * timed. Runs the real start command with an empty database, build and artwork directory (fresh
 * temporary ones, on a port of its own) and reports, from the moment it is launched:
 *   1. when http://127.0.0.1:PORT/ first answers 200;
 *   2. when a browser (Chromium, 1280 px wide) has loaded every image of the home page, a
 *      category page and a product page, each opened in turn, every image asked for at once;
 *   3. when every product image URL the API names (each product's images) answers 200 as an image;
 *   4. with `--all`, when the background drawing has drawn every file of every artwork.
 * The store is stopped and the directories removed at the end (`--keep` keeps them).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { ROOT } from '#server/config.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4431' }, all: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } },
});
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const dir = await mkdtemp(join(tmpdir(), 'kiryana-first-start-'));
const log = createWriteStream(join(dir, 'start.log'));

const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
const store = spawn('npm', ['start'], {
  cwd: ROOT,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KIRYANA_DATA_DIR: join(dir, 'pglite'),
    KIRYANA_DIST_DIR: join(dir, 'dist'),
    KIRYANA_ARTWORK_DIR: join(dir, 'artwork'),
    SITE_URL: origin,
  },
});
let allDrawn = 0;
for (const stream of [store.stdout, store.stderr]) {
  stream.on('data', (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (/^images: /.test(line)) allDrawn = seconds();
      if (/^\s*(▸|✗|images:)/.test(line)) console.log(`  [${seconds().toFixed(1)} s] ${line.trim()}`);
    }
  });
}
let exited = false;
store.on('exit', () => (exited = true));

const stop = async () => {
  if (!exited && store.pid) {
    try {
      process.kill(-store.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
  log.end();
  if (values.keep) console.log(`kept ${dir}`);
  else await rm(dir, { recursive: true, force: true });
};

async function status(url: string): Promise<{ status: number; type: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    return { status: res.status, type: res.headers.get('content-type') ?? '' };
  } catch {
    return { status: 0, type: '' };
  }
}

/** Asks for every URL, `concurrency` at a time; the URLs that did not answer 200 with an image. */
async function failingImages(urls: string[], concurrency: number): Promise<string[]> {
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const reply = await status(origin + url);
      if (reply.status !== 200 || !reply.type.startsWith('image/')) failed.push(`${url} (${reply.status} ${reply.type})`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}

/**
 * Opens each page in Chromium, asks for every image at once (lazy ones too) and waits until all
 * have loaded; returns the images that did not load.
 */
async function loadPages(paths: string[]): Promise<{ images: number; broken: string[] }> {
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let images = 0;
    const broken: string[] = [];
    for (const path of paths) {
      await page.goto(origin + path, { timeout: 120_000 });
      const result = await page.evaluate(async () => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>('img')];
        imgs.forEach((img) => (img.loading = 'eager'));
        const settled = (img: HTMLImageElement) => new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        });
        await Promise.all(imgs.map((img) => (img.complete ? null : settled(img))));
        return { count: imgs.length, broken: imgs.filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src) };
      });
      images += result.count;
      broken.push(...result.broken);
    }
    return { images, broken };
  } finally {
    await browser.close();
  }
}

try {
  console.log(
    `First start from empty data, build and artwork directories (${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} before it), port ${port}:`,
  );
  let home = 0;
  while (!exited && seconds() < 600) {
    if ((await status(`${origin}/`)).status === 200) {
      home = seconds();
      break;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  if (!home) throw new Error(`The store did not answer at ${origin}/ (see ${join(dir, 'start.log')}).`);
  console.log(`  the store answers at /: ${home.toFixed(1)} s`);

  const pages = ['/', '/category/soft-drinks-tea-coffee/', '/product/shezan-mango-juice-1l/'];
  const shown = await loadPages(pages);
  const pagesShown = seconds();
  console.log(`  a browser shows every image of ${pages.join(', ')} (${shown.images} images): ${pagesShown.toFixed(1)} s${shown.broken.length ? `, ${shown.broken.length} broken` : ''}`);

  const reply = (await (await fetch(`${origin}/api/products?limit=500`)).json()) as { data: { products: { images: string[] }[] } };
  const productImages = [...new Set(reply.data.products.flatMap((p) => p.images))];
  const failed = await failingImages(productImages, 4);
  const named = seconds();
  console.log(`  every product image the API names (${productImages.length}, ${reply.data.products.length} products) answers: ${named.toFixed(1)} s${failed.length ? `, ${failed.length} failed` : ''}`);
  for (const f of [...shown.broken, ...failed].slice(0, 10)) console.log(`    ✗ ${f}`);

  if (values.all) {
    while (!allDrawn && !exited && seconds() < 3600) await new Promise((done) => setTimeout(done, 1000));
    console.log(`  the background drawing has drawn every artwork file: ${allDrawn ? `${allDrawn.toFixed(1)} s` : 'not finished'}`);
  }
  console.log(
    `\nSummary: the store answers in ${home.toFixed(1)} s; those pages show every image at ${pagesShown.toFixed(1)} s; ` +
      `all ${productImages.length} product images answer at ${named.toFixed(1)} s${values.all && allDrawn ? `; all artwork drawn at ${allDrawn.toFixed(1)} s` : ''} ` +
      `(load average ${loadavg()[0].toFixed(1)} at the end).`,
  );
  if (shown.broken.length || failed.length) process.exitCode = 1;
} catch (err) {
  console.error(`✗ ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await stop();
}
