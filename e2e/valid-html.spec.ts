/**
 * The built site as a checker sees it, without a browser:
 *   - one page of every type, as the store serves it (rewrites and the 404 page included), is valid
 *     HTML by the Nu HTML Checker (the W3C's validator): 0 errors;
 *   - every internal address the built pages and sitemaps name answers: a built file, or else the
 *     store's own answer (an API route, an order or reset address the store rewrites, a picture it
 *     draws on request) with 200. 0 broken.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { builtFile, DIST, internalLinks, nuCheck } from './html-check.ts';
import { builtPages } from './site.ts';

test.describe('the built site', () => {
  test('one page of every type is valid HTML (Nu HTML Checker) @phone-only', async ({ request }, testInfo) => {
    test.setTimeout(90_000);
    const { sitemap, textPages, laterCategoryPages, unlisted } = await builtPages(request);
    const pages = [
      '/',
      ...textPages,
      sitemap.find((p) => p.startsWith('/category/'))!,
      // A category's later pages, where its products fill more than one (none in a small catalogue).
      ...laterCategoryPages.slice(0, 1),
      sitemap.find((p) => p.startsWith('/product/'))!,
      '/search/',
      '/account/',
      '/profile/',
      '/offline/',
      // The sitemap leaves these out: the shopper's own pages, the forms, the order pages, the 404 page's two variants.
      ...unlisted.filter((p) => !p.startsWith('/category/')),
    ];
    expect(pages.every(Boolean), `a page type is missing from the built site: ${pages.join(' ')}`).toBe(true);
    const dir = testInfo.outputPath('pages');
    await mkdir(dir, { recursive: true });
    const fileOf = new Map<string, string>();
    for (const [i, path] of pages.entries()) {
      const reply = await request.get(path);
      expect([200, 404], `${path}: ${reply.status()}`).toContain(reply.status());
      const file = join(dir, `${String(i).padStart(2, '0')}.html`);
      await writeFile(file, await reply.body());
      fileOf.set(file, path);
    }
    const errors = (await nuCheck([...fileOf.keys()]))
      .map((e) => ({ page: fileOf.get(e.file) ?? e.file, line: e.line, message: e.message }));
    expect(errors.map((e) => `${e.page}:${e.line}: ${e.message}`)).toEqual([]);
  });

  test('every internal link, script, stylesheet and picture of the built pages answers @phone-only', async ({ request, baseURL }) => {
    test.setTimeout(90_000);
    const { links, pages, named } = await internalLinks(DIST, new URL(baseURL!).origin);
    test.info().annotations.push({ type: 'links', description: `${named} internal addresses named in ${pages} files, ${links.size} distinct` });
    // The site has pages, and the pages name the sitemap's pages and more.
    expect(links.size).toBeGreaterThan(pages);
    const broken: string[] = [];
    const unbuilt: [string, string][] = [];
    for (const [target, page] of links) if (!(await builtFile(DIST, target))) unbuilt.push([target, page]);
    // Not a file of the build: the store answers it (an API route, a rewritten page, a picture drawn on request), or it is broken.
    for (let i = 0; i < unbuilt.length; i += 8) {
      await Promise.all(
        unbuilt.slice(i, i + 8).map(async ([target, page]) => {
          const status = (await request.get(target, { maxRedirects: 0 })).status();
          if (status !== 200) broken.push(`${target} (on ${page}): ${status}`);
        }),
      );
    }
    expect(broken).toEqual([]);
  });
});
