/**
 * The store serves uploaded pictures from beside the data, over real HTTP: a year's immutable
 * caching, the right type, `nosniff`; and nothing but the names it makes: no folder listing, no
 * way out of the folder (`..`, encoded slashes, NUL), no other file that happens to sit there.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { testDatabases } from '#server/test/databases.ts';

const KEY = 'up-0123456789abcdef';

/** GET a raw path, sent as written (fetch would resolve `..` and re-encode it first). */
function get(port: number, path: string, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, failed) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('latin1') }));
    });
    req.on('error', failed);
    req.end();
  });
}

describe('uploaded pictures served by the store', () => {
  let dir: string;
  let server: RunningServer;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kiryana-serve-pictures-'));
    const dist = join(dir, 'dist');
    const pictures = join(dir, 'data', 'pictures');
    await mkdir(join(dist, 'images', 'products'), { recursive: true });
    await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
    await writeFile(join(dist, 'images', 'products', 'milk.webp'), 'drawn artwork');
    await mkdir(join(pictures, 'products'), { recursive: true });
    await writeFile(join(pictures, 'products', `${KEY}.webp`), 'RIFF webp bytes');
    await writeFile(join(pictures, 'products', `${KEY}-400.avif`), 'avif bytes');
    await writeFile(join(pictures, 'products', 'up-notes.txt'), 'not a picture');
    await writeFile(join(dir, 'data', 'secret.txt'), 'secret');
    database = await testDatabases[0].open();
    server = await startServer({ port: 0, distDir: dist, database, picturesDir: pictures });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a picture with a year’s immutable caching, its type and nosniff', async () => {
    const webp = await get(server.port, `/images/products/${KEY}.webp`);
    expect(webp.status).toBe(200);
    expect(webp.body).toBe('RIFF webp bytes');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    const avif = await get(server.port, `/images/products/${KEY}-400.avif`, 'HEAD');
    expect(avif.status).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    // The built site's own images are served as before.
    expect((await get(server.port, '/images/products/milk.webp')).body).toBe('drawn artwork');
  });

  it('answers nothing but the names it makes: no listing, no escape', async () => {
    for (const path of [
      '/images/products/',
      '/images/products/up-notes.txt',
      `/images/products/..%2f..%2fsecret.txt`,
      `/images/products/%2e%2e/%2e%2e/secret.txt`,
      '/images/products/../../data/secret.txt',
      `/images/products/${KEY}.webp%00.txt`,
      `/images/products%2f${KEY}.webp`,
      `/images/other/${KEY}.webp`,
      '/images/products/up-fedcba9876543210.webp',
    ]) {
      const reply = await get(server.port, path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).not.toContain('secret');
      expect(reply.body, path).not.toContain('webp bytes');
    }
  });
});
