import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { apiGet } from '#server/test/catalog-api.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('the app on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const get = apiGet(database);

  describe('health, errors and headers', () => {
    it('GET /api/health reports status, catalogue version and database kind', async () => {
      const { res, body } = await get('/api/health');
      expect(res.status).toBe(200);
      expect(body.data).toEqual({ status: 'ok', catalogVersion: expect.stringMatching(/^[0-9a-f]{12}$/), database: target.name, worker: 0 });
    });

    it('unknown /api paths are JSON 404s', async () => {
      const { res, body } = await get('/api/nothing/here');
      expect(res.status).toBe(404);
      expect(body.success).toBe(false);
    });

    it('unexpected errors are a JSON 500 without a stack trace', async () => {
      const broken = { select: () => { throw new Error('secret internals at /src/x.ts:1'); } } as never;
      const app = createApp({ db: broken, logError: () => {} });
      const res = await app.request('/api/products/x');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ success: false, message: 'Server Error' });
      expect(text).not.toContain('secret');
    });

    it('sends security headers and a short cache on catalogue reads', async () => {
      const { res } = await get('/api/products');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=3');
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect((await get('/api/health')).res.headers.get('cache-control')).toBe('no-store');
    });

    it('sends every catalogue reply an edit can change (search too) with a cache of seconds that browsers revalidate, and a 304 for a held ETag', async () => {
      const shortCache = 'public, max-age=0, s-maxage=2, stale-while-revalidate=3';
      const targets = ['/api/products?q=milk', '/api/products?category=fresh', '/api/products/milk-1l', '/api/products/live?ids=milk-1l', '/api/category', '/api/categories/fresh/products'];
      for (const target of targets) {
        const { res } = await get(target);
        expect(res.status, target).toBe(200);
        expect(res.headers.get('cache-control'), target).toBe(shortCache);
        const etag = res.headers.get('etag')!;
        const again = await createApp({ db: database().db, kind: database().kind, logError: () => {} }).request(target, { headers: { 'If-None-Match': etag } });
        expect(again.status, target).toBe(304);
      }
    });

    it('grants CORS only to the listed origins: never a wildcard, never a foreign origin echoed', async () => {
      const app = createApp({ db: database().db, kind: database().kind, logError: () => {}, corsOrigins: ['https://kiryana.pk'] });
      const ask = (path: string, origin: string, init: RequestInit = {}) => app.request(path, { ...init, headers: { Origin: origin, ...(init.headers as Record<string, string>) } });
      const own = await ask('/api/products', 'https://kiryana.pk');
      expect(own.headers.get('access-control-allow-origin')).toBe('https://kiryana.pk');
      expect(own.headers.get('vary')).toMatch(/Origin/);
      for (const path of ['/api/products', '/api/users/me', '/api/cart', '/api/order']) {
        const foreign = await ask(path, 'https://evil.example', { headers: { Authorization: `Bearer ${'a'.repeat(43)}` } });
        expect(foreign.headers.get('access-control-allow-origin'), path).toBeNull();
      }
      const preflight = (origin: string) =>
        ask('/api/order/place', origin, { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,idempotency-key,content-type' } });
      const allowed = await preflight('https://kiryana.pk');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://kiryana.pk');
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight('null')).headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
