/**
 * Artwork drawn on request by the running store: a missing file is drawn, kept and served; a
 * path that names no artwork is the store's 404, never a server error. A background drawing that
 * is stopped is gone when the stop resolves, and writes nothing after; one whose store dies ends too.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { isAlive } from '#server/db/data-dir-lock.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { drawInBackground, drawOnRequest, requestedImage, stopDrawing } from './serve.ts';

let dir: string;
let artwork: string;
let database: DatabaseHandle;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiryana-serve-'));
  artwork = join(dir, 'artwork');
  await mkdir(join(dir, 'dist', 'images'), { recursive: true });
  await writeFile(join(dir, 'dist', '404.html'), '<h1>not found page</h1>');
  await writeFile(join(dir, 'dist', 'images', 'logo.svg'), '<svg/>');
  database = await openDatabase({ dataDir: 'memory://' });
  server = await startServer({ database, port: 0, distDir: join(dir, 'dist'), images: drawOnRequest(artwork) });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('requestedImage', () => {
  it('reads the artwork, width and format from an image URL path', () => {
    expect(requestedImage('/images/products/pepsi-1-5l-200.avif')).toMatchObject({ file: 'products/pepsi-1-5l-200.avif', width: 200, format: 'avif' });
    expect(requestedImage('/images/products/pepsi-1-5l.webp')).toMatchObject({ width: 800, format: 'webp' });
    expect(requestedImage('/images/products/pepsi-1-5l-alt-400.webp')?.art.key).toBe('pepsi-1-5l-alt');
    expect(requestedImage('/images/hero/hero-1-1440.avif')?.art.key).toBe('hero-1');
    expect(requestedImage('/images/categories/bakery-160.webp')?.art.key).toBe('bakery');
  });

  it('names nothing for unknown artwork, widths, kinds or formats', () => {
    for (const path of [
      '/images/products/no-such-product-200.avif',
      '/images/products/pepsi-1-5l-300.avif',
      '/images/products/pepsi-1-5l.avif',
      '/images/posters/pepsi-1-5l.webp',
      '/images/products/pepsi-1-5l-200.png',
      '/images/products/../secret-200.avif',
      '/images/logo.svg',
    ]) {
      expect(requestedImage(path), path).toBeUndefined();
    }
  });
});

describe('the store draws missing artwork on request', () => {
  it('draws a missing file, keeps it in the artwork directory and serves it', async () => {
    const res = await fetch(`${server.url}/images/products/shezan-mango-juice-1l-200.avif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    const body = Buffer.from(await res.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ width: 200, height: 200 });
    expect(await readFile(join(artwork, 'products', 'shezan-mango-juice-1l-200.avif'))).toEqual(body);
  });

  it('draws the largest WebP the catalogue names', async () => {
    const res = await fetch(`${server.url}/images/products/pepsi-1-5l.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 800 });
  });

  it('draws again a file older than the artwork sources', async () => {
    const file = join(artwork, 'products', 'pepsi-1-5l-alt-400.webp');
    await mkdir(join(artwork, 'products'), { recursive: true });
    await writeFile(file, 'stale');
    await utimes(file, new Date(0), new Date(0));
    const res = await fetch(`${server.url}/images/products/pepsi-1-5l-alt-400.webp`);
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 400, format: 'webp' });
    expect((await stat(file)).size).toBeGreaterThan(100);
  });

  it('answers 404, not 500, for a path that names no artwork', async () => {
    for (const path of ['/images/products/no-such-product-200.avif', '/images/products/pepsi-1-5l-300.webp', '/images/products/%00-200.avif']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('<h1>not found page</h1>');
    }
  });

  it('still serves the built site\'s own images', async () => {
    expect(await (await fetch(`${server.url}/images/logo.svg`)).text()).toBe('<svg/>');
  });
});

describe('stopping the background drawing', () => {
  const filesUnder = async (folder: string) => {
    return (await readdir(folder, { recursive: true }).catch(() => [])).sort();
  };

  it('resolves once the drawing process is gone, and nothing is written after', async () => {
    const out = join(dir, 'background');
    const child = drawInBackground(out);
    // Once its first picture is written, the stop lands in the middle of the work.
    while ((await filesUnder(out)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await stopDrawing(child);
    expect(isAlive(child.pid!)).toBe(false);
    const after = await filesUnder(out);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await filesUnder(out)).toEqual(after);
  });

  it('leaves a cache to the drawing already filling it: a second store draws on request only', async () => {
    const out = join(dir, 'shared');
    const drawings = [drawInBackground(out), drawInBackground(out)];
    const exits = drawings.map((child) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))));
    // The one that did not get the cache stops at once, the other draws on.
    const first = await Promise.race(exits.map((exit, i) => exit.then((code) => ({ i, code }))));
    expect(first.code).toBe(0);
    const other = drawings[1 - first.i];
    expect(isAlive(other.pid!)).toBe(true);
    while ((await filesUnder(out)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await stopDrawing(other);
  }, 60_000);

  it('ends with the store that started it, also when the store is killed while the drawing still loads', async () => {
    // A store in miniature: it starts its drawing and is killed by SIGKILL at once.
    const script = `import { drawInBackground } from ${JSON.stringify(join(import.meta.dirname, 'serve.ts'))};
      console.log(drawInBackground(${JSON.stringify(join(dir, 'orphan'))}).pid);
      process.kill(process.pid, 'SIGKILL');`;
    const store = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    store.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    await new Promise((resolve) => store.once('exit', resolve));
    const pid = Number(printed.trim());
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + 30_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const orphaned = isAlive(pid);
    if (orphaned) process.kill(pid, 'SIGKILL');
    expect(orphaned).toBe(false);
  }, 60_000);

  it('kills a drawing that does not stop on SIGTERM', async () => {
    const stubborn = spawn(process.execPath, ['-e', 'process.on("SIGTERM", () => {}); console.log("up"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => stubborn.stdout!.once('data', resolve));
    await stopDrawing(stubborn, { graceMs: 200 });
    expect(stubborn.signalCode).toBe('SIGKILL');
    expect(isAlive(stubborn.pid!)).toBe(false);
  });

  it('returns at once for a drawing that has already ended', async () => {
    const done = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => done.once('exit', resolve));
    await stopDrawing(done);
    expect(done.exitCode).toBe(0);
  });
});
