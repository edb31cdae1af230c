/**
 * Writes the pages' headers (src/server/page-headers.ts) when Astro has written the pages, from
 * the pages that can hold an inline script no other page holds: every page of a route without
 * parameters (the home, the text and utility pages, a few dozen), and one page of each route with
 * them (a product page, a category page, a sitemap chunk). The rule this rests on: a route's inline
 * scripts are written in its components, the same on every page it makes, never made from a
 * page's params or props (`define:vars` only on routes without parameters). build-site.test.ts
 * checks it against every page of a build. Reading all 10,000 product pages back for the same
 * few scripts took the build about 2 s.
 */
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import type { AstroIntegration } from 'astro';
import { buildConfig as config, localStoreUrl } from './config.ts';
import { writeRedirects } from '#server/category-redirects.ts';
import type { CategoryRedirect } from '#lib/schemas/catalog-desk-rules.ts';
import { writePageHeaders } from '#server/page-headers.ts';
import { changedPagesOnly } from './changed-pages.ts';

/** The pages whose inline scripts are every page's (paths under `dir`), from Astro's route → files map. */
export function pagesToHash(dir: string, assets: ReadonlyMap<string, readonly URL[]>): string[] {
  const pages: string[] = [];
  for (const [route, urls] of assets) {
    const html = urls.map((url) => relative(dir, fileURLToPath(url))).filter((file) => file.endsWith('.html'));
    pages.push(...(route.includes('[') ? html.slice(0, 1) : html));
  }
  return pages;
}

/** The old category names the catalogue API lists (a build cannot go on without them: old links would break). */
async function readRedirects(): Promise<CategoryRedirect[]> {
  const url = `${config.catalogApiUrl ?? localStoreUrl()}/api/category-redirects`;
  const reply = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!reply.ok) throw new Error(`Could not read the category redirects from ${url}: status ${reply.status}`);
  return ((await reply.json()) as { data: CategoryRedirect[] }).data;
}

/** The Astro integration: the headers and redirects files beside the pages, before anything serves them. */
export function headersFile(): AstroIntegration {
  return {
    name: 'kiryana-headers-file',
    hooks: {
      'astro:build:done': async ({ dir, assets }) => {
        // The inline scripts are the code's, and a rebuild of changed pages runs the same code:
        // the previous build's headers files stay (changed-pages.ts).
        if (changedPagesOnly()) return;
        const root = fileURLToPath(dir);
        await writePageHeaders(root, config.publicApiBase, pagesToHash(root, assets));
        await writeRedirects(root, await readRedirects());
      },
    },
  };
}
