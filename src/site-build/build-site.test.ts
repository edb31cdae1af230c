/**
 * The build pipeline against a real API on PGlite: a good build writes its stamp and swaps in;
 * a build whose API is down fails naming the URL and leaves the served site untouched.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { bulkInsertProducts, generateProducts } from '../../scripts/lib/catalog/generate.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { sql } from 'drizzle-orm';
import { buildIfChanged, buildSite } from './build-site.ts';
import { catalogVersion } from './catalog-version.ts';
import { codeHash } from './code-hash.ts';
import { readStamp, STAMP_FILE } from './stamp.ts';
import { PAGE_HEADERS_FILE, siteScriptHashes } from '#server/page-headers.ts';

let dir: string;
let database: DatabaseHandle;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiryana-build-'));
  database = await openDatabase({ dataDir: 'memory://' });
  await seedIfEmpty(database.db, fixtureCatalogue);
  server = await startServer({ database, port: 0, distDir: join(dir, 'dist') });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('buildSite', () => {
  it('builds every product page from the API, stamps the build and swaps it in', async () => {
    const distDir = join(dir, 'dist');
    await mkdir(distDir, { recursive: true });
    await writeFile(join(distDir, 'old.html'), 'previous build');
    const artworkDir = join(dir, 'artwork');
    await mkdir(join(artworkDir, 'products'), { recursive: true });
    await writeFile(join(artworkDir, 'products/milk-1l.webp'), 'webp bytes');
    // An uploaded picture, kept beside the data, is linked in beside the artwork.
    const picturesDir = join(dir, 'pictures');
    await mkdir(join(picturesDir, 'products'), { recursive: true });
    await writeFile(join(picturesDir, 'products/up-0123456789abcdef-400.avif'), 'avif bytes');
    const result = await buildSite({ apiUrl: server.url, distDir, log: () => {}, artworkDir, picturesDir });
    const linked = join(distDir, 'images/products/milk-1l.webp');
    expect((await stat(linked)).ino).toBe((await stat(join(artworkDir, 'products/milk-1l.webp'))).ino);
    expect((await stat(join(distDir, 'images/products/up-0123456789abcdef-400.avif'))).ino).toBe((await stat(join(picturesDir, 'products/up-0123456789abcdef-400.avif'))).ino);
    expect(existsSync(join(distDir, 'images/logo.svg'))).toBe(true);
    expect(result.pages).toBeGreaterThan(fixtureCatalogue.products.length);
    for (const p of fixtureCatalogue.products) expect(existsSync(join(distDir, 'product', p._id, 'index.html')), p._id).toBe(true);
    expect(existsSync(join(distDir, 'old.html'))).toBe(false);
    const stamp = await readStamp(distDir);
    expect(stamp?.catalogVersion).toBe(await catalogVersion(server.url));
    expect(stamp?.codeHash).toBe(await codeHash());
    // The policy is made from one page of each route with parameters (headers-file.ts): it must
    // allow every inline script of every page built.
    const policy = (JSON.parse(await readFile(join(distDir, PAGE_HEADERS_FILE), 'utf8')) as Record<string, string>)['Content-Security-Policy'];
    expect(policy).toContain(`script-src 'self' ${(await siteScriptHashes(distDir)).join(' ')};`);
    const reply = await fetch(`${server.url}/product/${fixtureCatalogue.products[0]._id}/`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain(fixtureCatalogue.products[0].name);
  }, 120_000);

  it('fails naming the API URL when the catalogue cannot be read, and keeps the previous site', async () => {
    const distDir = join(dir, 'kept');
    await mkdir(distDir, { recursive: true });
    await writeFile(join(distDir, 'index.html'), 'previous build');
    const down = 'http://127.0.0.1:9';
    await expect(buildSite({ apiUrl: down, distDir, log: () => {} })).rejects.toThrow(`${down}/api/health`);
    expect(await readFile(join(distDir, 'index.html'), 'utf8')).toBe('previous build');
  });

  it('fails without touching dist when the API answers but the build cannot read products', async () => {
    const distDir = join(dir, 'kept2');
    await mkdir(distDir, { recursive: true });
    await writeFile(join(distDir, 'index.html'), 'previous build');
    // Health answers, the catalogue does not: a proxy that only knows /api/health.
    const { createServer } = await import('node:http');
    const proxy = createServer(async (req, res) => {
      if (req.url === '/api/health') {
        const upstream = await fetch(`${server.url}/api/health`);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(await upstream.text());
      }
      res.writeHead(503).end();
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    try {
      await expect(buildSite({ apiUrl: url, distDir, log: () => {} })).rejects.toThrow(`Could not read the catalogue from ${url}`);
    } finally {
      proxy.close();
    }
    expect(await readFile(join(distDir, 'index.html'), 'utf8')).toBe('previous build');
    expect(existsSync(join(distDir, STAMP_FILE))).toBe(false);
  }, 120_000);
});

describe('buildIfChanged (the rule of npm start)', () => {
  it('builds the first time, skips while nothing changed, rebuilds when the catalogue or code changes', async () => {
    const distDir = join(dir, 'incremental');
    const options = { apiUrl: server.url, distDir, log: () => {}, hash: async () => 'code-1' };
    expect(await buildIfChanged(options)).toMatchObject({ built: true, reason: 'there is no earlier build' });
    expect(await buildIfChanged(options)).toEqual({ built: false, reason: 'the site is up to date with the catalogue and the code' });

    const product = fixtureCatalogue.products[0];
    await database.db.execute(sql`update products set price = price + 1000, updated_at = now() where id = ${product._id}`);
    const rebuilt = await buildIfChanged(options);
    expect(rebuilt).toMatchObject({ built: true, reason: 'the catalogue changed' });
    expect(await readFile(join(distDir, 'product', product._id, 'index.html'), 'utf8')).toContain(`Rs. ${(Number(product.price) + 1000 - Number(product.discount ?? 0)).toLocaleString('en-US')}`);

    expect(await buildIfChanged({ ...options, hash: async () => 'code-2' })).toMatchObject({ built: true, reason: 'the code changed' });
    expect(await buildIfChanged({ ...options, hash: async () => 'code-2' })).toMatchObject({ built: false });
  }, 180_000);

  it('fingerprints the code and asks for the catalogue version once a run', async () => {
    let hashes = 0;
    let versions = 0;
    const { createServer } = await import('node:http');
    const counting = createServer(async (req, res) => {
      if (req.url === '/api/health') versions++;
      const upstream = await fetch(`${server.url}${req.url}`);
      res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((r) => counting.listen(0, '127.0.0.1', r));
    const apiUrl = `http://127.0.0.1:${(counting.address() as { port: number }).port}`;
    try {
      const hash = async () => `code-${++hashes}`;
      const outcome = await buildIfChanged({ apiUrl, distDir: join(dir, 'once'), log: () => {}, hash });
      expect(outcome.built).toBe(true);
      expect({ hashes, versions }).toEqual({ hashes: 1, versions: 1 });
      expect(outcome.result?.stamp.codeHash).toBe('code-1');
    } finally {
      counting.close();
    }
  }, 180_000);
});

describe('category listings', () => {
  it('lists every product of a large category over pages of 48, by id and by name', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    const api = await startServer({ database: db, port: 0, distDir: join(dir, 'big') });
    try {
      await seedIfEmpty(db.db, { ...fixtureCatalogue, products: [], reviews: [] });
      const products = generateProducts(130, { seed: 7, categories: ['Pets, Home & Garden'] });
      await bulkInsertProducts(db.db, products);
      const distDir = join(dir, 'big');
      await buildSite({ apiUrl: api.url, distDir, log: () => {} });
      const listed = async (path: string) => [...(await readFile(join(distDir, path), 'utf8')).matchAll(/data-product-id="([^"]+)"/g)].map((m) => m[1]);
      const pages = [await listed('category/pets/index.html'), await listed('category/pets/page/2/index.html'), await listed('category/pets/page/3/index.html')];
      expect(pages.map((p) => p.length)).toEqual([48, 48, 34]);
      expect(new Set(pages.flat())).toEqual(new Set(products.map((p) => p._id)));
      expect(existsSync(join(distDir, 'category/pets/page/4'))).toBe(false);
      expect(await listed('category/Pets, Home & Garden/index.html')).toEqual(pages[0]);
      expect(await readFile(join(distDir, 'category/pets/page/2/index.html'), 'utf8')).toContain('Showing 49–96 of 130 products');
    } finally {
      await api.close();
      await db.close();
    }
  }, 180_000);
});
