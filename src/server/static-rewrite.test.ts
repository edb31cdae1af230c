/** /passwordreset/{token} is one built page (dist/passwordreset/index.html) for every token. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler } from './static.ts';

let root: string;
let dist: string;
let bare: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiryana-rewrite-'));
  dist = join(root, 'dist');
  bare = join(root, 'bare');
  await mkdir(join(dist, 'passwordreset'), { recursive: true });
  await mkdir(bare, { recursive: true });
  await writeFile(join(dist, 'passwordreset', 'index.html'), '<h1>choose a new password</h1>');
  await writeFile(join(dist, '404.html'), '<h1>not found page</h1>');
  await writeFile(join(bare, '404.html'), '<h1>not found page</h1>');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const get = (path: string, folder = () => dist) => staticHandler(folder)(new Request(`http://store${path}`));

describe('the password reset page rewrite', () => {
  it('serves the built page for any token, with or without a trailing slash, keeping the token from other sites', async () => {
    for (const path of ['/passwordreset/2UTyTk71FfrO23StcSegQ-YWs0ShqM6VhLkPY3KROco', '/passwordreset/abc/', '/passwordreset/%E2%9C%93']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await res.text()).toBe('<h1>choose a new password</h1>');
    }
  });

  it('serves the page itself at /passwordreset/ and leaves deeper paths to the 404 page', async () => {
    expect(await (await get('/passwordreset/')).text()).toBe('<h1>choose a new password</h1>');
    const deeper = await get('/passwordreset/abc/def');
    expect(deeper.status).toBe(404);
    expect(await deeper.text()).toBe('<h1>not found page</h1>');
  });

  it('answers 404 when the build has no reset page', async () => {
    const res = await get('/passwordreset/abc', () => bare);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<h1>not found page</h1>');
  });
});
