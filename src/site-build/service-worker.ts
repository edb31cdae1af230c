/**
 * Writes the service worker (`/sw.js`, from src/features/offline/worker.ts) when Astro has written
 * the pages, so every build (`npm run build`, `npm start`, buildSite) ships the worker of its own
 * files.
 *
 * - What it precaches: PRECACHED_PAGES, every script, style and font those pages load (now or on
 *   the first interaction: the files their HTML names, and what those import or name, deeply), and
 *   PRECACHED_FILES with the manifest's icons. @serwist/build's getManifest gives each file its
 *   revision (a hash of its bytes; Astro's hashed `/_astro/` names are their own revision).
 * - The worker is bundled with rolldown (Vite's bundler, which the build already runs), its
 *   placeholders filled in: the precache list, the API's origin, and the build's id, a hash of the
 *   bundled worker with that list. A build whose files differ gets another id, so its worker's
 *   caches are new ones and the old build's are deleted when it takes over (worker.ts).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getManifest } from '@serwist/build';
import { initSync, parse } from 'es-module-lexer';
import { rolldown } from 'rolldown';
import type { AstroIntegration } from 'astro';
import { isStaffPath } from '#lib/paths.ts';
import { buildConfig as config, ROOT } from './config.ts';
import { changedPagesOnly } from './changed-pages.ts';

/** Where the worker is served; src/shell/chrome/index.ts registers it there. */
export const WORKER_URL = '/sw.js';
/** The pages that open offline without having been seen: the offline page and the shopper's lists. */
export const PRECACHED_PAGES = ['offline/index.html', 'cart/index.html', 'wishlist/index.html', 'checkout-page/index.html'];
/** Other files every offline page shows: the logo, the icon, the picture standing in for a missing one, the manifest. */
export const PRECACHED_FILES = ['images/logo.svg', 'images/placeholder.svg', 'favicon.svg', 'manifest.webmanifest'];
export const WORKER_SOURCE = join(ROOT, 'src/features/offline/worker.ts');
/** Stands for the build's id in the first bundle; the id is the hash of that bundle. */
const ID_PLACEHOLDER = '__KIRYANA_BUILD_ID__';

/** Every `/_astro/…` file a page, script or style names (attributes, imports, preload lists, url()). */
export function namedAssets(text: string): string[] {
  return [...new Set([...text.matchAll(/\/_astro\/[^"'`\s)>?#\\]+/g)].map(([url]) => url))];
}

/** The modules a script imports by a relative or absolute path, statically or with import('…'), resolved. */
export function importedModules(code: string, url: string): string[] {
  initSync();
  const [imports] = parse(code);
  return imports.filter((i) => i.n && /^\.{0,2}\//.test(i.n)).map((i) => new URL(i.n!, new URL(url, 'http://site')).pathname);
}

/** `entries` and every file under /_astro/ they reach through imports and names, deeply. */
export async function assetClosure(entries: readonly string[], read: (url: string) => Promise<string>): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    if (!/\.(m?js|css)$/.test(url)) return;
    const text = await read(url);
    const next = [...namedAssets(text), ...(url.endsWith('css') ? [] : importedModules(text, url))].filter((u) => u.startsWith('/_astro/'));
    await Promise.all(next.map(visit));
  };
  await Promise.all(entries.map(visit));
  return [...seen].sort();
}

/** A file of the build as the worker fetches it: `cart/index.html` is `/cart/`. */
export const fileUrl = (file: string): string => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The precache list of the build in `root` (paths of PRECACHED_PAGES, their assets, the icons). */
export async function precacheEntries(root: string): Promise<PrecacheEntry[]> {
  const read = (url: string) => readFile(join(root, url), 'utf8');
  const pages = await Promise.all(PRECACHED_PAGES.map((page) => readFile(join(root, page), 'utf8')));
  const assets = await assetClosure([...new Set(pages.flatMap(namedAssets))], read);
  const manifest = JSON.parse(await readFile(join(root, 'manifest.webmanifest'), 'utf8')) as { icons: { src: string }[] };
  const files = [...PRECACHED_PAGES, ...PRECACHED_FILES, ...manifest.icons.map((icon) => icon.src.slice(1)), ...assets.map((url) => url.slice(1))];
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: root,
    globPatterns: [...new Set(files)],
    globFollow: false,
    dontCacheBustURLsMatching: /^_astro\//,
    manifestTransforms: [(entries) => ({ manifest: entries.map((entry) => ({ ...entry, url: fileUrl(entry.url) })), warnings: [] })],
  });
  if (warnings.length) throw new Error(`The service worker's precache list: ${warnings.join('; ')}`);
  const entries = (manifestEntries ?? []).map(({ url, revision }) => ({ url, revision: revision ?? null }));
  const staff = entries.filter((entry) => isStaffPath(entry.url));
  if (staff.length) throw new Error(`The service worker must not precache the staff pages: ${staff.map((e) => e.url).join(', ')}`);
  const missing = files.filter((file) => !entries.some((entry) => entry.url === fileUrl(file)));
  if (missing.length) throw new Error(`The service worker would precache files the build did not write: ${missing.join(', ')}`);
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** The worker's script for these entries: bundled and minified, its id filled in. Returns the code and the id. */
export async function bundleWorker(entries: readonly PrecacheEntry[], apiOrigin = ''): Promise<{ code: string; buildId: string }> {
  const bundle = await rolldown({
    input: WORKER_SOURCE,
    platform: 'browser',
    logLevel: 'warn',
    transform: {
      define: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        KIRYANA_BUILD_ID: JSON.stringify(ID_PLACEHOLDER),
        KIRYANA_PRECACHE: JSON.stringify(entries),
        KIRYANA_API_ORIGIN: JSON.stringify(apiOrigin),
      },
    },
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const code = output[0].code;
    if (!code.includes(ID_PLACEHOLDER)) throw new Error('The service worker bundle lost its build id.');
    const buildId = createHash('sha256').update(code).digest('hex').slice(0, 12);
    return { code: code.replaceAll(ID_PLACEHOLDER, buildId), buildId };
  } finally {
    await bundle.close();
  }
}

/** Writes `/sw.js` into the build in `root`; returns its id and how many files it precaches. */
export async function writeServiceWorker(root: string, apiBase = config.publicApiBase): Promise<{ buildId: string; precached: number }> {
  const entries = await precacheEntries(root);
  const { code, buildId } = await bundleWorker(entries, apiBase ? new URL(apiBase).origin : '');
  await writeFile(join(root, WORKER_URL.slice(1)), code);
  return { buildId, precached: entries.length };
}

/** The Astro integration: the worker beside the pages, before anything serves them. */
export function serviceWorker(): AstroIntegration {
  return {
    name: 'kiryana-service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // The precached pages show nothing of a product: a rebuild of changed pages keeps the worker.
        if (changedPagesOnly()) return;
        const { buildId, precached } = await writeServiceWorker(fileURLToPath(dir));
        logger.info(`service worker ${buildId}: ${precached} files precached`);
      },
    },
  };
}
