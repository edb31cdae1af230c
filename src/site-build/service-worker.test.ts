import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '#server/config.ts';
import { assetClosure, bundleWorker, fileUrl, importedModules, namedAssets, PRECACHED_FILES, PRECACHED_PAGES, WORKER_URL, writeServiceWorker } from './service-worker.ts';

describe('what the worker precaches', () => {
  it('finds every /_astro/ file a page, script or style names', () => {
    const html = '<link rel="stylesheet" href="/_astro/BaseLayout.D5zY.css"><script type="module" src="/_astro/page.a1.js"></script><astro-island component-url="/_astro/CartPage.B1.js" renderer-url="/_astro/client.D2.js"></astro-island><template><script type="module" src="/_astro/later.C3.js"></script></template><a href="/_astro/">x</a>';
    expect(namedAssets(html)).toEqual(['/_astro/BaseLayout.D5zY.css', '/_astro/page.a1.js', '/_astro/CartPage.B1.js', '/_astro/client.D2.js', '/_astro/later.C3.js']);
    expect(namedAssets('.a{background:url(/_astro/font.X1.woff2)}')).toEqual(['/_astro/font.X1.woff2']);
  });

  it("follows a script's imports, static and import('…'), resolved from its own URL; bare names are not files", () => {
    const code = 'import{a}from"./shop.A.js";import"../_astro/money.B.js";import x from"react";const later=()=>import("./react.C.js");import(variable);';
    expect(importedModules(code, '/_astro/page.a1.js')).toEqual(['/_astro/shop.A.js', '/_astro/money.B.js', '/_astro/react.C.js']);
  });

  it('closes over what the entries reach, each file once', async () => {
    const files: Record<string, string> = {
      '/_astro/page.js': 'import"./shop.js";const l=()=>import("./island.js");',
      '/_astro/shop.js': 'export const s=1;',
      '/_astro/island.js': 'import"./shop.js";const deps=["/_astro/island.css"];',
      '/_astro/island.css': '.x{background:url(/_astro/pic.svg)}',
    };
    const read = async (url: string) => files[url] ?? Promise.reject(new Error(`no ${url}`));
    expect(await assetClosure(['/_astro/page.js'], read)).toEqual(['/_astro/island.css', '/_astro/island.js', '/_astro/page.js', '/_astro/pic.svg', '/_astro/shop.js']);
  });

  it('names pages by their URL', () => {
    expect(['cart/index.html', 'index.html', 'favicon.svg', '_astro/a.js'].map(fileUrl)).toEqual(['/cart/', '/', '/favicon.svg', '/_astro/a.js']);
  });
});

describe('the worker of a build', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  /** A build folder with the precached pages (`cart` in the cart page), one script each and a shared one, and the manifest's icons. */
  async function build(cart: string): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-sw-'));
    dirs.push(root);
    const write = async (file: string, text: string) => {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), text);
    };
    for (const page of PRECACHED_PAGES) await write(page, `<title>${page}</title><p>${page.startsWith('cart') ? cart : ''}</p><script type="module" src="/_astro/${page.split('/')[0]}.js"></script>`);
    for (const page of PRECACHED_PAGES) await write(`_astro/${page.split('/')[0]}.js`, 'import"./shop.js";');
    await write('_astro/shop.js', 'export const shop=1;');
    for (const file of PRECACHED_FILES.filter((f) => f !== 'manifest.webmanifest')) await write(file, '<svg/>');
    await write('manifest.webmanifest', JSON.stringify({ icons: [{ src: '/icons/icon-192.png' }] }));
    await write('icons/icon-192.png', 'PNG');
    await write('product/atta/index.html', '<title>Atta</title>');
    return root;
  }

  it('precaches the pages, their scripts, the icons and the manifest (no product page), and is named by what it holds', async () => {
    const a = await build('Your cart');
    const first = await writeServiceWorker(a, undefined);
    const code = await readFile(join(a, 'sw.js'), 'utf8');
    const quoted = (url: string) => new RegExp(`[\`"']${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\`"']`);
    for (const url of ['/offline/', '/cart/', '/wishlist/', '/checkout-page/', '/_astro/shop.js', '/_astro/cart.js', '/icons/icon-192.png', '/manifest.webmanifest', '/images/logo.svg']) expect(code).toMatch(quoted(url));
    expect(code).not.toContain('/product/atta/');
    expect(code).toContain(first.buildId);
    expect(code).not.toContain('__KIRYANA_BUILD_ID__');
    expect(first.precached).toBe(PRECACHED_PAGES.length * 2 + 1 + PRECACHED_FILES.length + 1);

    // The same files: the same id. A precached page of other bytes (or, in Astro's way, a script of
    // another hashed name): another id, so other caches.
    expect((await writeServiceWorker(await build('Your cart'), undefined)).buildId).toBe(first.buildId);
    expect((await writeServiceWorker(await build('Your basket'), undefined)).buildId).not.toBe(first.buildId);
  });

  it('is written where every page registers it', async () => {
    const chrome = await readFile(join(ROOT, 'src/shell/chrome/index.ts'), 'utf8');
    expect(chrome).toContain(`navigator.serviceWorker?.register('${WORKER_URL}')`);
  });

  it('knows the API origin when the API is elsewhere', async () => {
    const { code } = await bundleWorker([{ url: '/cart/', revision: '1' }], 'https://api.kiryana.pk');
    expect(code).toContain('https://api.kiryana.pk');
  });
});
