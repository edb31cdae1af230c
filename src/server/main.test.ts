import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogApi } from '#features/catalog/api.ts';
import { ApiClient } from '#lib/api.ts';
import { KEEP_ALIVE_MS, pathOf, startServer, type RunningServer } from './main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases } from '#server/test/databases.ts';

describe('startServer: API and static site on one port', () => {
  let root: string;
  let dist: string;
  let server: RunningServer;
  const handle = { current: undefined as Awaited<ReturnType<(typeof testDatabases)[0]['open']>> | undefined };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-dist-'));
    dist = join(root, 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), '<h1>home</h1>');
    await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
    handle.current = await testDatabases[0].open();
    await seedIfEmpty(handle.current.db, fixtureCatalogue);
    server = await startServer({ port: 0, distDir: dist, database: handle.current });
  });

  afterAll(async () => {
    await server?.close();
    await handle.current?.close();
    await rm(root, { recursive: true, force: true });
  });

  // Node's default (5 s) closes an idle socket just as a client sends its next request on it. The
  // server says how long it keeps one in each reply (Keep-Alive: timeout=N), which is what clients
  // such as undici go by; it must outlast a load balancer's usual 60 s.
  it('keeps idle connections open for KEEP_ALIVE_MS, says so in every reply, and answers a reused socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; keepAlive: unknown; localPort: number }>((done, failed) => {
        const req = httpRequest({ host: '127.0.0.1', port: server.port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => done({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive'], localPort: req.socket?.localPort ?? 0 }));
        });
        req.on('error', failed);
        req.end();
      });
    try {
      const first = await get('/api/health');
      const second = await get('/');
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      for (const reply of [first, second]) expect(reply.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      // The same socket: the server kept it open between the two.
      expect(second.localPort).toBe(first.localPort);
    } finally {
      agent.destroy();
    }
  });

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

  it('serves the site beside the API', async () => {
    expect(await (await fetch(`${server.url}/`)).text()).toBe('<h1>home</h1>');
    const missing = await fetch(`${server.url}/no/such/page/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>not found page</h1>');
  });

  it('API 404s stay JSON and never fall through to the site', async () => {
    const res = await fetch(`${server.url}/api/nowhere`);
    expect(res.status).toBe(404);
    expect((await res.json()).success).toBe(false);
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

describe('pathOf', () => {
  it('gives what new URL(url).pathname gives for the URLs the server makes', () => {
    for (const url of [
      'http://127.0.0.1:4321/api/products/milk-1l?include=reviews',
      'http://localhost/api',
      'http://localhost/apix/y',
      'http://localhost/',
      'http://localhost',
      'https://shop.example/category/Fresh%20%26%20Chilled%20Food/#top',
      'http://[::1]:8080/api/health?x=/api/',
      'http://localhost/search?q=a#b?c',
    ]) {
      expect(pathOf(url), url).toBe(new URL(url).pathname);
    }
  });
});
