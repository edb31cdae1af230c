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
 *
 * The category pages get the same for their own scripts (SCRIPTS_PRELOADED): the page's answer to a
 * first sort (controls-early.ts) and the chrome's script arrive in three or four rounds of imports,
 * 400 ms each on a slow phone's link, and a sort tapped at the first paint waited for them. Their
 * pages all carry the same scripts, so the list is made from one page and written into each.
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

/** Routes whose pages get preloads for the module scripts they run at load. */
export const SCRIPTS_PRELOADED = new Set(['/category/[category]', '/category/[category]/page/[page]']);

/** The module scripts `html` runs at load (not those kept in a `<template>` for later). */
export function pageScriptEntries(html: string): string[] {
  const now = html.replace(/<template[\s>][\s\S]*?<\/template>/g, '');
  return [...new Set([...now.matchAll(/<script type="module" src="([^"]+)"/g)].map(([, src]) => src))];
}

/** The modules `code` imports statically (not `import()`), as URLs resolved against `url`. */
export function staticImports(code: string, url: string): string[] {
  initSync();
  const [imports] = parse(code);
  return imports.filter((i) => i.d === -1 && i.n).map((i) => new URL(i.n!, new URL(url, 'http://site')).pathname);
}

/** Every module the entries need before they run: the entries and their static imports, deeply. */
export async function moduleClosure(entries: string[], read: (url: string) => Promise<string>): Promise<string[]> {
  const importsOf = new Map<string, string[]>();
  const visit = async (url: string): Promise<void> => {
    if (importsOf.has(url)) return;
    importsOf.set(url, []);
    const imports = staticImports(await read(url), url);
    importsOf.set(url, imports);
    await Promise.all(imports.map(visit));
  };
  await Promise.all(entries.map(visit));
  // Listed in one order whatever order the reads finished in (entries first, then depth first):
  // a page is the same file whichever build wrote it.
  const ordered = new Set<string>();
  const walk = (url: string) => {
    if (ordered.has(url)) return;
    ordered.add(url);
    importsOf.get(url)?.forEach(walk);
  };
  entries.forEach(walk);
  return [...ordered];
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

/**
 * Adds to each of `files` (the pages of one route, carrying the same scripts) the preloads of the
 * scripts the first of them runs at load; returns how many pages were written.
 */
export async function preloadPageScripts(files: string[], read: (url: string) => Promise<string>): Promise<number> {
  if (files.length === 0) return 0;
  const modules = await moduleClosure(pageScriptEntries(await readFile(files[0], 'utf8')), read);
  if (modules.length === 0) return 0;
  await Promise.all(files.map(async (file) => writeFile(file, withModulePreloads(await readFile(file, 'utf8'), modules))));
  return files.length;
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
        const routes = [...assets].filter(([route]) => SCRIPTS_PRELOADED.has(route));
        const perRoute = await Promise.all(
          routes.map(([, urls]) => preloadPageScripts(urls.map((u) => fileURLToPath(u)).filter((f) => f.endsWith('.html')), read)),
        );
        const written = perRoute.reduce((a, b) => a + b, 0);
        if (written > 0) logger.info(`modulepreload for the page's own scripts, on ${written} listing page(s)`);
      },
    },
  };
}
