/** The static handler's image source: asked first under /images/, with the built site behind it. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler, type ImageSource } from './static.ts';

let root: string;
let dist: string;
const asked: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiryana-static-'));
  dist = join(root, 'dist');
  await mkdir(join(dist, 'images', 'products'), { recursive: true });
  await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
  await writeFile(join(dist, 'index.html'), '<h1>home</h1>');
  await writeFile(join(dist, 'images', 'logo.svg'), '<svg/>');
  await writeFile(join(dist, 'images', 'products', 'old-200.avif'), 'BUILT');
  await writeFile(join(root, 'drawn-200.avif'), 'DRAWN');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const source: ImageSource = async (urlPath) => {
  asked.push(urlPath);
  if (urlPath === '/images/products/drawn-200.avif') return join(root, 'drawn-200.avif');
  if (urlPath === '/images/products/broken-200.avif') throw new Error('the drawing failed');
  return null;
};
const get = (path: string) => staticHandler(() => dist, source)(new Request(`http://store${path}`));

describe('staticHandler with an image source', () => {
  it('serves the file the source gives for an /images/ path, as an image cached for a day', async () => {
    const res = await get('/images/products/drawn-200.avif');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await res.text()).toBe('DRAWN');
  });

  it('serves the built site when the source has nothing for the path, and 404 when neither has', async () => {
    expect(await (await get('/images/products/old-200.avif')).text()).toBe('BUILT');
    expect(await (await get('/images/logo.svg')).text()).toBe('<svg/>');
    const missing = await get('/images/products/nothing-200.avif');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>not found page</h1>');
  });

  it('answers 500 when the source fails, without a stack trace', async () => {
    const res = await get('/images/products/broken-200.avif');
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('Server Error');
  });

  it('asks the source about /images/ paths only', async () => {
    asked.length = 0;
    await get('/');
    await get('/imagesx/a.avif');
    expect(asked).toEqual([]);
  });
});

describe('compressed files', () => {
  const fetchAs = (path: string, encoding: string) => staticHandler(() => dist)(new Request(`http://store${path}`, { headers: { 'accept-encoding': encoding } }));

  it('are compressed once, served from memory alike, and made again when the file changes', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { utimes } = await import('node:fs/promises');
    const script = join(dist, 'app.js');
    await writeFile(script, `const first = ${JSON.stringify('x'.repeat(4000))};`);
    const a = Buffer.from(await (await fetchAs('/app.js', 'br')).arrayBuffer());
    const b = await fetchAs('/app.js', 'gzip, br');
    expect(b.headers.get('content-encoding')).toBe('br');
    expect(Number(b.headers.get('content-length'))).toBe(a.length);
    expect(Buffer.from(await b.arrayBuffer())).toEqual(a);
    expect(brotliDecompressSync(a).toString()).toContain('const first');
    expect(gunzipSync(Buffer.from(await (await fetchAs('/app.js', 'gzip')).arrayBuffer())).toString()).toContain('const first');

    await writeFile(script, `const second = ${JSON.stringify('y'.repeat(5000))};`);
    await utimes(script, new Date(), new Date(Date.now() + 5000));
    expect(brotliDecompressSync(Buffer.from(await (await fetchAs('/app.js', 'br')).arrayBuffer())).toString()).toContain('const second');
  });
});
