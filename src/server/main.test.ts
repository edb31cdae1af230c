import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApi } from '#features/catalog/api.ts';
import { ApiClient } from '#lib/api.ts';
import { startServer, type RunningServer } from './main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases } from '#server/test/databases.ts';

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

describe('startServer: API and static site on one port', () => {
  let root: string;
  let dist: string;
  let server: RunningServer;
  const handle = { current: undefined as Awaited<ReturnType<(typeof testDatabases)[0]['open']>> | undefined };

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
    handle.current = await testDatabases[0].open();
    await seedIfEmpty(handle.current.db, fixtureCatalogue);
    server = await startServer({ port: 0, distDir: dist, database: handle.current });
  });

  afterAll(async () => {
    await server?.close();
    await handle.current?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps an idle connection open past Node\'s default (5 s, and a 1 s grace), so a client reusing it is answered, not reset', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; localPort: number }>((done, failed) => {
        const req = httpRequest({ host: '127.0.0.1', port: server.port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => done({ status: res.statusCode ?? 0, localPort: req.socket?.localPort ?? 0 }));
        });
        req.on('error', failed);
        req.end();
      });
    try {
      const first = await get();
      await new Promise((r) => setTimeout(r, 7000));
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same socket: the server did not close it while it was idle.
      expect(second.localPort).toBe(first.localPort);
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('binds an ephemeral port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('replies parse with CatalogApi (the client the build and browser use)', async () => {
    const api = new CatalogApi(new ApiClient(server.url));
    const page = await api.listProducts({ limit: 5, sortBy: 'price', sortOrder: 'asc' });
    expect(page.ok && page.data.products.length).toBe(5);
    const product = await api.getProduct('milk-1l');
    expect(product.ok && product.data.relatedProducts.length).toBe(4);
    const categories = await api.listCategories();
    expect(categories.ok && categories.data.map((c) => c.name)[0]).toBe('Fresh & Chilled Food');
    const inCategory = await api.categoryProducts('Food Cupboard', 1, 2);
    expect(inCategory.ok && inCategory.data.pagination.total).toBe(5);
    const everything = await api.allProducts('reviews');
    expect(everything.ok && everything.data.length).toBe(12);
    const missing = await api.getProduct('nope');
    expect(missing).toEqual({ ok: false, error: { kind: 'http', status: 404, message: 'Product not found', fields: undefined } });
    const bad = await api.listProducts({ limit: 501 });
    expect(!bad.ok && bad.error.fields).toEqual({ limit: 'must be at most 500' });
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

  it('API 404s stay JSON and never fall through to the site', async () => {
    const res = await fetch(`${server.url}/api/nowhere`);
    expect(res.status).toBe(404);
    expect((await res.json()).success).toBe(false);
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

describe('startServer opening its own database', () => {
  it('opens an embedded database in dataDir, serves /api/health, and closes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-data-'));
    const server = await startServer({ port: 0, distDir: dir, dataDir: join(dir, 'pglite') });
    try {
      const body = await (await fetch(`${server.url}/api/health`)).json();
      expect(body.data.database).toBe('pglite');
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('API compression', () => {
  it('gzips large API replies when the client accepts it', async () => {
    const { gunzipSync } = await import('node:zlib');
    const { createApp } = await import('./app.ts');
    const [target] = testDatabases;
    const database = await target.open();
    try {
      await seedIfEmpty(database.db, fixtureCatalogue);
      const app = createApp({ db: database.db, kind: database.kind });
      const res = await app.request('/api/products?limit=12&include=reviews', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString());
      expect(body.data.products).toHaveLength(12);
    } finally {
      await database.close();
    }
  });
});
