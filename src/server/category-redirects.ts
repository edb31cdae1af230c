/**
 * Old category names that lead to their category: a category page is also built at
 * /category/{its name}/, so after a rename the old name's path answers 301 to /category/{id}/.
 * The build writes them beside the pages from the API's list (GET /api/category-redirects):
 * REDIRECTS_FILE for the store's own static handler, `_redirects` lines for a CDN (Netlify and
 * Cloudflare Pages read that format). A full build writes both; a category change always makes
 * one (every page's menu shows the categories).
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paths } from '#lib/paths.ts';
import type { CategoryRedirect } from '#lib/schemas/catalog-desk-rules.ts';

export const REDIRECTS_FILE = '.kiryana-redirects.json';

/** Old path (decoded, with its trailing slash) → where it leads now. */
export type RedirectMap = Record<string, string>;

export function redirectMap(list: readonly CategoryRedirect[]): RedirectMap {
  const map: RedirectMap = {};
  for (const r of list) map[`/category/${r.oldName}/`] = paths.category(r.categoryId);
  return map;
}

/** `_redirects` lines: the old path as a browser sends it (percent-encoded), the new one, 301. */
export function redirectsFileText(list: readonly CategoryRedirect[]): string {
  return list.map((r) => `${paths.category(r.oldName)} ${paths.category(r.categoryId)} 301\n`).join('');
}

export async function writeRedirects(distDir: string, list: readonly CategoryRedirect[]): Promise<void> {
  await writeFile(join(distDir, '_redirects'), redirectsFileText(list));
  await writeFile(join(distDir, REDIRECTS_FILE), `${JSON.stringify(redirectMap(list), null, 2)}\n`);
}

/** The path a request names, as the map keys it: decoded, with a trailing slash; null when it cannot be decoded. */
export function redirectKey(urlPath: string): string | null {
  try {
    const decoded = decodeURIComponent(urlPath);
    return decoded.endsWith('/') ? decoded : `${decoded}/`;
  } catch {
    return null;
  }
}

/**
 * The redirects of the build in a folder, read once per build (the file's mtime); a folder
 * without the file has none.
 */
export function redirectsOf(): (distDir: string) => Promise<RedirectMap> {
  let cached: { file: string; mtimeMs: number; map: RedirectMap } | undefined;
  return async (distDir) => {
    const file = join(distDir, REDIRECTS_FILE);
    const stats = await stat(file).catch(() => undefined);
    if (!stats) return {};
    if (cached?.file === file && cached.mtimeMs === stats.mtimeMs) return cached.map;
    try {
      const map = JSON.parse(await readFile(file, 'utf8')) as RedirectMap;
      cached = { file, mtimeMs: stats.mtimeMs, map };
      return map;
    } catch {
      return {};
    }
  };
}
