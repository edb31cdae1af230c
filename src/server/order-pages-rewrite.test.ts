/** /order/success/{id} and /order/order-status/{id or number} are one built page each, served for every value. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler } from './static.ts';

let root: string;
let dist: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiryana-order-rewrite-'));
  dist = join(root, 'dist');
  await mkdir(join(dist, 'order', 'success'), { recursive: true });
  await mkdir(join(dist, 'order', 'order-status'), { recursive: true });
  await writeFile(join(dist, 'order', 'success', 'index.html'), '<h1>thank you</h1>');
  await writeFile(join(dist, 'order', 'order-status', 'index.html'), '<h1>track</h1>');
  await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const get = (path: string) => staticHandler(() => dist)(new Request(`http://store${path}`));

describe('the order pages rewrite', () => {
  it.each([
    ['/order/success/', ['Zx3_k9-QpL2mN8vB4cD7eF1a', 'temp_1732400000000_ab12cd/', 'KR-7F3K-9Q2M'], '<h1>thank you</h1>'],
    ['/order/order-status/', ['Zx3_k9-QpL2mN8vB4cD7eF1a/', 'KR-7F3K-9Q2M', 'temp_1/', 'no%20such'], '<h1>track</h1>'],
  ])('%s serves its one page for any id or number, keeping the id from other sites', async (prefix, values, html) => {
    for (const value of values) {
      const res = await get(`${prefix}${value}`);
      expect(res.status, value).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await res.text()).toBe(html);
    }
  });

  it('leaves deeper paths and the bare /order/ to the 404 page', async () => {
    for (const path of ['/order/success/abc/def', '/order/order-status/a/b/', '/order/', '/order/elsewhere/abc']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('<h1>not found page</h1>');
    }
  });
});
