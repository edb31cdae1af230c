/**
 * Module preloads for the islands that start at once (client:only, client:load). Astro's island
 * imports its component and the renderer when its script runs, and each module names its own
 * imports only once it has arrived: four round trips of JavaScript one after the other (~150 ms on
 * loopback) before React could render the cart, the wishlist or an order. Listing every
 * module of those islands as `<link rel="modulepreload">` in the head lets the browser fetch them
 * all at once, while it still reads the HTML.
 *
 * Islands that wait (client:visible, client:idle, client:interact) get none: their JavaScript is
 * meant to stay off the wire until they are needed (the budgets of `npm run bench:size`).
 * Run after the build on every page of a route without parameters (the text and utility pages: the
 * product and category pages, thousands of them, have no island that starts at once).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync, parse } from 'es-module-lexer';
import type { AstroIntegration } from 'astro';

const EAGER = new Set(['only', 'load']);
const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}="([^"]*)"`);

/** The module URLs each eager island of `html` starts with: its component and its renderer. */
export function eagerIslandEntries(html: string): string[] {
  const entries: string[] = [];
  for (const [tag] of html.matchAll(/<astro-island\s[^>]*>/g)) {
    if (!EAGER.has(tag.match(ATTRIBUTE('client'))?.[1] ?? '')) continue;
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = tag.match(ATTRIBUTE(name))?.[1];
      if (url) entries.push(url);
    }
  }
  return [...new Set(entries)];
}

/** The modules `code` imports statically (not `import()`), as URLs resolved against `url`. */
export function staticImports(code: string, url: string): string[] {
  initSync();
  const [imports] = parse(code);
  return imports.filter((i) => i.d === -1 && i.n).map((i) => new URL(i.n!, new URL(url, 'http://site')).pathname);
}

/** Every module the entries need before they run: the entries and their static imports, deeply. */
export async function moduleClosure(entries: string[], read: (url: string) => Promise<string>): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    await Promise.all(staticImports(await read(url), url).map(visit));
  };
  await Promise.all(entries.map(visit));
  return [...seen];
}

/** `html` with a modulepreload link for each URL just before `</head>` (none twice). */
export function withModulePreloads(html: string, urls: string[]): string {
  const missing = urls.filter((url) => !html.includes(`rel="modulepreload" href="${url}"`));
  if (missing.length === 0) return html;
  const links = missing.map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Adds the preloads to one built page; returns how many modules it lists. */
export async function preloadEagerIslands(file: string, read: (url: string) => Promise<string>): Promise<number> {
  const html = await readFile(file, 'utf8');
  const entries = eagerIslandEntries(html);
  if (entries.length === 0) return 0;
  const modules = await moduleClosure(entries, read);
  await writeFile(file, withModulePreloads(html, modules));
  return modules.length;
}

/** The Astro integration: after the build, on the pages of routes without parameters. */
export function islandPreload(): AstroIntegration {
  return {
    name: 'kiryana-island-preload',
    hooks: {
      'astro:build:done': async ({ dir, assets, logger }) => {
        const root = fileURLToPath(dir);
        const cache = new Map<string, Promise<string>>();
        const read = (url: string) => {
          if (!cache.has(url)) cache.set(url, readFile(join(root, url), 'utf8'));
          return cache.get(url)!;
        };
        const files = [...assets].filter(([route]) => !route.includes('[')).flatMap(([, urls]) => urls.map((u) => fileURLToPath(u)));
        const counts = await Promise.all(files.filter((f) => f.endsWith('.html')).map((f) => preloadEagerIslands(f, read)));
        const pages = counts.filter((n) => n > 0).length;
        if (pages > 0) logger.info(`modulepreload for the islands that start at once, on ${pages} page(s)`);
      },
    },
  };
}
