/** The static handler's image source: asked first under /images/, with the built site behind it. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler, type ImageSource, type SiteOverlay } from './static.ts';

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

describe('conditional requests', () => {
  const serve = () => staticHandler(() => dist);
  const fetchWith = (path: string, headers: Record<string, string> = {}, method = 'GET') => serve()(new Request(`http://store${path}`, { method, headers }));
  const index = () => join(dist, 'search-index.json');
  const indexJson = (name: string) => JSON.stringify({ v: 2, name: Array.from({ length: 100 }, () => name) });

  beforeAll(async () => {
    await writeFile(index(), indexJson('Shan Chaat Masala'));
  });

  it('the search index is asked for again each time, with a weak ETag that stands for every encoding', async () => {
    const plain = await fetchWith('/search-index.json', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
    expect(await plain.text()).toBe(indexJson('Shan Chaat Masala'));
    const br = await fetchWith('/search-index.json', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(etag);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('answers 304 without a body when If-None-Match names the file, weak or strong, alone or in a list, or is *', async () => {
    const etag = (await fetchWith('/search-index.json')).headers.get('etag')!;
    const strong = etag.slice(2);
    for (const held of [etag, strong, `"other", ${etag}`, `W/"other",${strong}`, '*']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetchWith('/search-index.json', { 'if-none-match': held, 'accept-encoding': 'gzip, br' }, method);
        expect(res.status, `${method} ${held}`).toBe(304);
        expect(await res.text(), held).toBe('');
        expect(res.headers.get('etag')).toBe(etag);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(res.headers.get('content-length')).toBeNull();
      }
    }
  });

  it('serves the whole file when If-None-Match names another tag, or the file changed since', async () => {
    const etag = (await fetchWith('/search-index.json')).headers.get('etag')!;
    for (const held of ['W/"other"', '"abc", W/"def"', etag.replace('-', '-0'), etag.slice(0, -1), 'garbage']) {
      const res = await fetchWith('/search-index.json', { 'if-none-match': held });
      expect(res.status, held).toBe(200);
      expect(await res.text(), held).toBe(indexJson('Shan Chaat Masala'));
    }
    // A rebuild writes the file again: same size, another time. The old tag no longer holds.
    const { utimes } = await import('node:fs/promises');
    await writeFile(index(), indexJson('Shan Chaat Masalb'));
    await utimes(index(), new Date(), new Date(Date.now() + 2000));
    const res = await fetchWith('/search-index.json', { 'if-none-match': etag });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(etag);
    expect(await res.text()).toBe(indexJson('Shan Chaat Masalb'));
    expect((await fetchWith('/search-index.json', { 'if-none-match': res.headers.get('etag')! })).status).toBe(304);
  });

  it('pages revalidate the same way, with their page headers on the 304; the 404 page never answers 304', async () => {
    const home = await fetchWith('/');
    const etag = home.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetchWith('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(home.headers.get('content-security-policy'));
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const missing = await fetchWith('/no/such/page/', { 'if-none-match': '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect(await missing.text()).toBe('<h1>not found page</h1>');
  });
});

describe('an overlay of rebuilt pages', () => {
  it('is served over the site while set: its files first, its gone pages as 404, the rest from the site', async () => {
    const over = join(root, 'over');
    await mkdir(join(over, 'product', 'tea'), { recursive: true });
    await writeFile(join(over, 'product', 'tea', 'index.html'), '<h1>new tea</h1>');
    await mkdir(join(dist, 'product', 'tea'), { recursive: true });
    await mkdir(join(dist, 'product', 'gone'), { recursive: true });
    await writeFile(join(dist, 'product', 'tea', 'index.html'), '<h1>old tea</h1>');
    await writeFile(join(dist, 'product', 'gone', 'index.html'), '<h1>gone</h1>');
    let overlay: SiteOverlay | undefined = { dir: over, gone: new Set(['product/gone/index.html']) };
    const handler = staticHandler(() => dist, undefined, () => overlay);
    const text = async (path: string) => {
      const res = await handler(new Request(`http://store${path}`));
      return `${res.status} ${await res.text()}`;
    };
    expect(await text('/product/tea/')).toBe('200 <h1>new tea</h1>');
    expect(await text('/product/tea')).toBe('200 <h1>new tea</h1>');
    expect(await text('/product/gone/')).toBe('404 <h1>not found page</h1>');
    expect(await text('/')).toBe('200 <h1>home</h1>');
    overlay = undefined;
    expect(await text('/product/tea/')).toBe('200 <h1>old tea</h1>');
    expect(await text('/product/gone/')).toBe('200 <h1>gone</h1>');
  });

  it('never serves what the build keeps about itself: names starting with a dot', async () => {
    await mkdir(join(dist, '.kiryana'), { recursive: true });
    await writeFile(join(dist, '.kiryana', 'catalogue.json'), '{}');
    await writeFile(join(dist, '.kiryana-build.json'), '{}');
    for (const path of ['/.kiryana/catalogue.json', '/.kiryana-build.json', '/%2Ekiryana/catalogue.json']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
