/**
 * The built site over HTTP, as a browser and a crawler meet it: staticHandler served by
 * @hono/node-server, with raw request paths (fetch would resolve `..` before sending).
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler } from './static.ts';

/** A raw GET that does not normalise the path (fetch would resolve `..`). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; raw: Buffer }> {
  return new Promise((done, failed) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
      });
    });
    req.on('error', failed);
    req.end();
  });
}

describe('the static site over HTTP', () => {
  let root: string;
  let dist: string;
  let listening: ServerType;
  const server = { port: 0, url: '' };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-dist-'));
    dist = join(root, 'dist');
    await mkdir(join(dist, 'category', 'Fresh & Chilled Food'), { recursive: true });
    await mkdir(join(dist, '_astro'), { recursive: true });
    await mkdir(join(dist, 'images', 'products'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<h1>home</h1>');
    await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
    await writeFile(join(dist, 'category', 'Fresh & Chilled Food', 'index.html'), '<h1>fresh</h1>');
    await writeFile(join(dist, '_astro', 'app.abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'images', 'products', 'milk-400.avif'), 'AVIF');
    await writeFile(join(dist, 'images', 'products', 'milk.webp'), 'WEBP');
    await writeFile(join(dist, 'images', 'placeholder.svg'), '<svg/>');
    await writeFile(join(dist, 'sitemap.xml'), '<urlset/>');
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *');
    await writeFile(join(dist, 'sw.js'), 'self.skipWaiting()');
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Kiryana"}');
    await writeFile(join(dist, 'search-index.json'), JSON.stringify({ v: 2, name: Array.from({ length: 200 }, (_, i) => `Product ${i}`) }));
    await writeFile(join(root, 'secret.txt'), 'do not serve');
    const site = staticHandler(() => dist);
    listening = await new Promise<ServerType>((done) => {
      const s = serve({ fetch: site, port: 0, hostname: '127.0.0.1' }, () => done(s));
    });
    server.port = (listening.address() as AddressInfo).port;
    server.url = `http://127.0.0.1:${server.port}`;
  });

  afterAll(async () => {
    await new Promise((done) => listening?.close(done));
    await rm(root, { recursive: true, force: true });
  });

  it('serves index.html for directories, with or without the slash, and decodes names', async () => {
    for (const path of ['/', '/category/Fresh%20%26%20Chilled%20Food/', '/category/Fresh%20%26%20Chilled%20Food']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
    expect(await (await fetch(`${server.url}/category/Fresh%20%26%20Chilled%20Food/`)).text()).toBe('<h1>fresh</h1>');
  });

  it('sets content types; hashed /_astro files are immutable, images cached for a day', async () => {
    const cases: [string, string, string][] = [
      ['/_astro/app.abc123.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/images/products/milk-400.avif', 'image/avif', 'public, max-age=86400'],
      ['/images/products/milk.webp', 'image/webp', 'public, max-age=86400'],
      ['/images/placeholder.svg', 'image/svg+xml', 'public, max-age=86400'],
      ['/sitemap.xml', 'application/xml; charset=utf-8', 'public, max-age=3600'],
      ['/robots.txt', 'text/plain; charset=utf-8', 'public, max-age=3600'],
      // Asked for again on every page: the worker's bytes are how the browser learns of a new build.
      ['/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'no-cache'],
      // One address across builds: asked for again on every page, answered 304 while it holds.
      ['/search-index.json', 'application/json; charset=utf-8', 'no-cache'],
    ];
    for (const [path, type, cache] of cases) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('cache-control'), path).toBe(cache);
    }
  });

  it('compresses text with Brotli or gzip when accepted, and never images', async () => {
    const page = `<html><body>${'<p class="text-sm text-stone-600">Fresh atta and daal</p>'.repeat(200)}</body></html>`;
    await writeFile(join(dist, 'big.html'), page);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const get = (path: string, acceptEncoding: string) => rawGet(server.port, path, { 'Accept-Encoding': acceptEncoding });
    const br = await get('/big.html', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.raw).toString()).toBe(page);
    expect(br.raw.length).toBeLessThan(page.length / 5);
    const gz = await get('/big.html', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(page);
    const plain = await get('/big.html', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    const image = await get('/images/products/milk.webp', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('revalidates over HTTP: the ETag of any encoding gets 304 with an empty body, another tag the file', async () => {
    const first = await rawGet(server.port, '/search-index.json', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    for (const acceptEncoding of ['gzip, deflate, br', 'gzip', 'identity']) {
      const again = await rawGet(server.port, '/search-index.json', { 'Accept-Encoding': acceptEncoding, 'If-None-Match': etag });
      expect(again.status, acceptEncoding).toBe(304);
      expect(again.raw.length, acceptEncoding).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const other = await rawGet(server.port, '/search-index.json', { 'If-None-Match': 'W/"1-1"' });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).v).toBe(2);
  });

  it('answers unknown paths with status 404 and dist/404.html', async () => {
    const res = await fetch(`${server.url}/no/such/page/`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<h1>not found page</h1>');
  });

  it('serves the error page only with status 404, also when it is asked for by name', async () => {
    for (const path of ['/404.html', '/404', '/404/', '/404.HTML', '/%34%30%34.html', '/product/%E0%A4%A']) {
      const res = await rawGet(server.port, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toBe('<h1>not found page</h1>');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('refuses path traversal, plain or encoded', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/images/..%2f..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/a%00b']) {
      const res = await rawGet(server.port, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('do not serve');
    }
  });

  it('picks up a swapped dist/ without a restart', async () => {
    const next = join(root, 'dist.next');
    await mkdir(next, { recursive: true });
    await writeFile(join(next, 'index.html'), '<h1>new build</h1>');
    await rename(dist, join(root, 'dist.old'));
    await rename(next, dist);
    expect(await (await fetch(`${server.url}/`)).text()).toBe('<h1>new build</h1>');
    expect((await fetch(`${server.url}/category/Fresh%20%26%20Chilled%20Food/`)).status).toBe(404);
  });
});
