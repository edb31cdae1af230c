/** The staff pages (/staff/): never stored, never indexed, never a Referer; the shop's pages keep their own headers. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PAGE_HEADERS, writePageHeaders } from './page-headers.ts';
import { staticHandler } from './static.ts';

let root: string;
let dist: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiryana-staff-static-'));
  dist = join(root, 'dist');
  await mkdir(join(dist, 'staff', 'accept'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<h1>home</h1>');
  await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
  await writeFile(join(dist, 'staff', 'index.html'), '<h1>staff sign-in</h1>');
  await writeFile(join(dist, 'staff', 'accept', 'index.html'), '<h1>join</h1>');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => staticHandler(() => dist)(new Request(`http://store${path}`, { headers }));

describe('the staff pages as the store serves them', () => {
  it('go out no-store, noindex and without a Referer, with and without the trailing slash', async () => {
    for (const path of ['/staff/', '/staff', '/staff/accept/', '/staff/accept']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('keep no-store on a revalidation (304)', async () => {
    const first = await get('/staff/');
    const again = await get('/staff/', { 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('leave the shop pages as they were (cached, indexed, a Referer to the origin)', async () => {
    const res = await get('/');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('x-robots-tag')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('tell a static host or CDN the same in _headers', async () => {
    await writePageHeaders(dist);
    const text = await readFile(join(dist, '_headers'), 'utf8');
    const block = text.slice(text.indexOf('/staff/*'));
    for (const [name, value] of Object.entries(STAFF_PAGE_HEADERS)) expect(block).toContain(`  ${name}: ${value}\n`);
  });
});
