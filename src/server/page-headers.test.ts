import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFileText, inlineScriptHashes, PAGE_HEADERS_FILE, pageHeadersOf, writePageHeaders } from './page-headers.ts';
import { staticHandler } from './static.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts that run, and only those', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<script is:inline data-x="1">c()</script>',
      '<script src="/x.js"></script>',
      '<script type="module" src="/_astro/y.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()'), sha('c()')]);
  });
});

describe('contentSecurityPolicy', () => {
  it('is strict: scripts by origin or hash only, nothing framed, no plugins, no base, forms to the site', () => {
    const policy = contentSecurityPolicy([sha('a()'), sha('a()')]);
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).toBe(`script-src 'self' ${sha('a()')}`);
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "connect-src 'self'"]) expect(policy).toContain(d);
    expect(contentSecurityPolicy([], 'https://api.kiryana.pk')).toContain("connect-src 'self' https://api.kiryana.pk");
  });
});

describe('the headers of a build', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('are written as _headers and for the store from one call, and served on every page and the 404', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'kiryana-headers-'));
    dirs.push(dist);
    await mkdir(join(dist, 'cart'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<script>home()</script><h1>home</h1>');
    await writeFile(join(dist, 'cart', 'index.html'), '<script>cart()</script><script>home()</script>');
    await writeFile(join(dist, '404.html'), '<h1>not found</h1>');
    await writeFile(join(dist, 'app.js'), 'x');
    const headers = await writePageHeaders(dist, 'https://api.kiryana.pk/api');
    expect(headers['Content-Security-Policy']).toContain(`script-src 'self' ${[sha('cart()'), sha('home()')].sort().join(' ')}`);
    expect(headers['Content-Security-Policy']).toContain("connect-src 'self' https://api.kiryana.pk;");
    const headersText = await readFile(join(dist, '_headers'), 'utf8');
    expect(headersText).toBe(headersFileText(headers));
    // A CDN asks for the service worker, the manifest and the search index again each time, like the store does.
    expect(headersText).toContain('\n/sw.js\n  Cache-Control: no-cache\n/manifest.webmanifest\n  Cache-Control: no-cache\n/search-index.json\n  Cache-Control: no-cache\n');
    expect(headersText).toContain("worker-src 'self'");
    expect(JSON.parse(await readFile(join(dist, PAGE_HEADERS_FILE), 'utf8'))).toEqual(headers);

    const serve = staticHandler(() => dist);
    for (const [path, status] of [['/', 200], ['/cart/', 200], ['/nowhere', 404]] as const) {
      const res = await serve(new Request(`http://shop.test${path}`));
      expect(res.status).toBe(status);
      for (const [name, value] of Object.entries(headers)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
    const asset = await serve(new Request('http://shop.test/app.js'));
    expect(asset.headers.get('content-security-policy')).toBeNull();
    const strictest = await serve(new Request('http://shop.test/passwordreset/abc'));
    expect(strictest.status).toBe(404); // no such page in this build: the 404 page, still with the headers
    expect(strictest.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a new build is picked up by its headers file, and a build without one runs no inline script', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'kiryana-headers-'));
    dirs.push(dist);
    await writeFile(join(dist, 'index.html'), '<script>one()</script>');
    const headersOf = pageHeadersOf();
    expect((await headersOf(dist))['Content-Security-Policy']).toContain("script-src 'self';");
    await writePageHeaders(dist);
    expect((await headersOf(dist))['Content-Security-Policy']).toContain(sha('one()'));
    await writeFile(join(dist, 'index.html'), '<script>two()</script>');
    await writePageHeaders(dist);
    const later = new Date(Date.now() + 5000);
    await utimes(join(dist, PAGE_HEADERS_FILE), later, later);
    expect((await headersOf(dist))['Content-Security-Policy']).toContain(sha('two()'));
  });
});
