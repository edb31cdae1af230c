/**
 * Serves the built site (`dist/`) next to the API.
 *
 * - The URL path is percent-decoded (category pages live at `dist/category/Fresh & Chilled Food/`).
 * - A directory is served by its `index.html`, with or without the trailing slash.
 * - Unknown paths get status 404 and `dist/404.html`; so does `/404.html` itself, which is the
 *   error page and never a page of its own.
 * - Nothing outside distDir is ever read: `..`, encoded slashes and NUL bytes are refused.
 * - distDir is resolved on every request, so when the build swaps `dist/` (a rename) the new
 *   site is served at once, without a restart.
 * - Text (HTML, CSS, JS, SVG, XML) is compressed with Brotli or gzip when the browser accepts it,
 *   once a file and encoding: the result is kept in memory (COMPRESSED_CACHE_BYTES) until the file
 *   changes, so a crowd's requests for the same script cost a read of memory, not a compression each.
 * - Every file is served with a weak ETag (its size and modification time) and answered with
 *   `304 Not Modified`, without a body, when If-None-Match names it: what makes the files the
 *   browser must revalidate (REVALIDATED_FILES: the service worker, the manifest, the search
 *   index) and the pages cost a round trip, not a download, while they have not changed. Weak,
 *   so one tag stands for the file whatever its encoding (Brotli, gzip or none: `Vary:
 *   Accept-Encoding` keeps those apart in caches); the bytes it names are the file's.
 * - An optional image source is asked first for paths under /images/ (the store's artwork,
 *   drawn when first asked for); when it has no file for the path, the built site is served.
 * - Pages whose last segment is data the browser reads (PAGE_REWRITES: `/passwordreset/{token}`,
 *   `/order/success/{orderId}`, `/order/order-status/{orderId or number}`)
 *   are one built page, served for every value; a CDN needs the same rewrite. The token must not
 *   leak to other sites, nor an order id, so those pages go out with `Referrer-Policy: no-referrer`.
 * - A renamed category's old name (/category/{old name}/, no page of its own any more) answers 301
 *   to the category's page (the build's REDIRECTS_FILE, category-redirects.ts).
 * - The staff pages (/staff/) go out with STAFF_PAGE_HEADERS: `no-store`, `noindex, nofollow`, no Referer.
 */
import { log } from '#server/monitoring/log.ts';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { isStaffPath } from '#lib/paths.ts';
import { redirectKey, redirectsOf } from './category-redirects.ts';
import { pageHeadersOf, REVALIDATED_FILES, STAFF_PAGE_HEADERS } from './page-headers.ts';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Astro's /_astro/ files carry a content hash in their names; nothing else does. The service
 * worker, the manifest and the search index are asked for again each time (page-headers.ts
 * REVALIDATED_FILES).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_CACHE = 'public, max-age=86400';
const HTML_CACHE = 'public, max-age=0, must-revalidate';
const OTHER_CACHE = 'public, max-age=3600';

function cacheControl(urlPath: string, file: string): string {
  if (file.endsWith('.html')) return HTML_CACHE;
  if ((REVALIDATED_FILES as readonly string[]).includes(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/_astro/')) return IMMUTABLE;
  if (urlPath.startsWith('/images/')) return IMAGE_CACHE;
  return OTHER_CACHE;
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** The file under root that urlPath names, or null if it names nothing (or something outside). */
export async function resolveStaticFile(root: string, rawPath: string): Promise<{ file: string; stats: Stats } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/');
  // Names starting with a dot are the build's own records (its stamp, the catalogue it was made
  // from: src/site-build), never pages; only /.well-known/ is served.
  if (segments.some((s) => s.startsWith('.') && s !== '.well-known')) return null;
  const base = resolve(root);
  const target = resolve(base, `.${decoded}`);
  if (target !== base && !target.startsWith(base + sep)) return null;
  const stats = await statOrNull(target);
  if (stats?.isFile()) return { file: target, stats };
  if (stats?.isDirectory()) {
    const index = join(target, 'index.html');
    const indexStats = await statOrNull(index);
    if (indexStats?.isFile()) return { file: index, stats: indexStats };
  }
  return null;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** Brotli when accepted, else gzip, else none; only for text worth compressing. */
export function pickEncoding(acceptEncoding: string | null, contentType: string, size: number): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || size < 1024 || !COMPRESSIBLE.test(contentType)) return undefined;
  const accepted = acceptEncoding.toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** URL patterns served by one built page: the page reads the rest of the path itself. */
export const PAGE_REWRITES: { pattern: RegExp; page: string; headers?: Record<string, string> }[] = [
  { pattern: /^\/passwordreset\/[^/]+\/?$/, page: '/passwordreset/', headers: { 'Referrer-Policy': 'no-referrer' } },
  // An order id shows the whole order: it must not leak to other sites either.
  { pattern: /^\/order\/success\/[^/]+\/?$/, page: '/order/success/', headers: { 'Referrer-Policy': 'no-referrer' } },
  { pattern: /^\/order\/order-status\/[^/]+\/?$/, page: '/order/order-status/', headers: { 'Referrer-Policy': 'no-referrer' } },
];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Memory the compressed files may take, about; the oldest go first past it. */
export const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;
/** Larger files are compressed as they stream, never held. */
const HOLD_AT_MOST_BYTES = 4 * 1024 * 1024;

/** Compressed files by path and encoding, with the size and time of the file they were made from. */
const compressed = new Map<string, { size: number; mtimeMs: number; body: Promise<Buffer> }>();
let compressedBytes = 0;

/** The file's bytes compressed with `encoding`, from memory when the file has not changed since. */
function compressedFile(file: string, stats: Stats, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  const held = compressed.get(key);
  if (held && held.size === stats.size && held.mtimeMs === stats.mtimeMs) return held.body;
  if (held) compressed.delete(key);
  const body = readFile(file).then((bytes) =>
    // Brotli at quality 5: most of its gain at a small share of its top quality's cost.
    encoding === 'br' ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) : gzipped(bytes, { level: 6 }),
  );
  const entry = { size: stats.size, mtimeMs: stats.mtimeMs, body };
  compressed.set(key, entry);
  body.then(
    (bytes) => {
      if (compressed.get(key) !== entry) return;
      compressedBytes += bytes.length;
      for (const [oldKey, old] of compressed) {
        if (compressedBytes <= COMPRESSED_CACHE_BYTES) break;
        compressed.delete(oldKey);
        void old.body.then((b) => (compressedBytes -= b.length), () => {});
      }
    },
    () => compressed.get(key) === entry && compressed.delete(key),
  );
  return body;
}

/**
 * The validator of a file as it is on disk: weak, made from its size and modification time (to
 * the microsecond), so it costs no read; a rebuilt file, or one swapped in with a new build, gets
 * another.
 */
export function fileETag(stats: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `W/"${stats.size.toString(36)}-${Math.round(stats.mtimeMs * 1000).toString(36)}"`;
}

const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/** Whether an If-None-Match header names `etag`, by weak comparison (a `W/` on either side does not count), or is `*`. */
export function noneMatchHolds(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return [...ifNoneMatch.matchAll(ENTITY_TAG)].some(([tag]) => opaque(tag) === opaque(etag));
}

export async function fileResponse(file: string, stats: Stats, status: number, cache: string, request: Request, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const encoding = pickEncoding(request.headers.get('accept-encoding'), contentType, stats.size);
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': cache,
    'Last-Modified': stats.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    ...extraHeaders,
  });
  if (status === 200) {
    const etag = fileETag(stats);
    headers.set('ETag', etag);
    // The browser's copy is current: the headers that would have come with it, no body.
    if (noneMatchHolds(request.headers.get('if-none-match'), etag)) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }
  }
  const held = encoding && stats.size <= HOLD_AT_MOST_BYTES;
  if (encoding) headers.set('Content-Encoding', encoding);
  else headers.set('Content-Length', String(stats.size));
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  if (held) {
    const body = await compressedFile(file, stats, encoding);
    headers.set('Content-Length', String(body.length));
    return new Response(body as Uint8Array<ArrayBuffer>, { status, headers });
  }
  let stream: Readable = createReadStream(file);
  if (encoding === 'br') stream = stream.pipe(zlibStream('br', stats.size));
  else if (encoding === 'gzip') stream = stream.pipe(zlibStream('gzip', stats.size));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

function zlibStream(encoding: 'br' | 'gzip', size: number) {
  return encoding === 'br'
    ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: size } })
    : createGzip({ level: 6 });
}

/**
 * Supplies files for URL paths under /images/: the path of the file to serve, or null when it has
 * none for that path. It may take its time (draw the file first); a rejection is a server error.
 */
export type ImageSource = (urlPath: string) => Promise<string | null>;

/**
 * Pages rebuilt after a catalogue change, served over the built site while they are moved into it
 * (src/site-build/build-site.ts): set at once, they show the whole change at once, however
 * long the moving takes. `dir` holds the new files at their paths in the site; `gone` lists the
 * files of pages that no longer exist (paths in the site, '/' between folders).
 */
export interface SiteOverlay {
  dir: string;
  gone: ReadonlySet<string>;
}

/** The file the overlay has for a URL path (null: none), or 'gone'. */
async function fromOverlay(overlay: SiteOverlay, urlPath: string): Promise<{ file: string; stats: Stats } | 'gone' | null> {
  const found = await resolveStaticFile(overlay.dir, urlPath);
  if (found) return found;
  let path: string;
  try {
    path = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
  const page = path === '' || path.endsWith('/') ? `${path}index.html` : path;
  return overlay.gone.has(page) || overlay.gone.has(`${page}/index.html`) ? 'gone' : null;
}

/**
 * A fetch handler for GET and HEAD on the static site; `distDir()` is asked on every request.
 * `images`, when given, is asked first for paths under /images/; `overlay()`, when it gives one,
 * before the site.
 */
export function staticHandler(distDir: () => string, images?: ImageSource, overlay?: () => SiteOverlay | undefined) {
  const headersOf = pageHeadersOf();
  const redirectsIn = redirectsOf();
  /** Every page (and the 404 page) carries the build's page headers (page-headers.ts). */
  const page = async (root: string, file: string, stats: Stats, status: number, cache: string, request: Request, extra: Record<string, string> = {}) =>
    fileResponse(file, stats, status, cache, request, file.endsWith('.html') ? { ...(await headersOf(resolve(root))), ...extra } : extra);
  return async (request: Request): Promise<Response> => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const root = distDir();
    const urlPath = new URL(request.url).pathname;
    if (images && urlPath.startsWith('/images/')) {
      const file = await images(urlPath).catch((err: unknown) => {
        log.error({ err }, `The image source failed on ${urlPath}.`);
        return undefined;
      });
      if (file === undefined) {
        return new Response('Server Error', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
      }
      const stats = file ? await statOrNull(file) : null;
      if (file && stats?.isFile()) return fileResponse(file, stats, 200, IMAGE_CACHE, request);
    }
    const notFound = join(resolve(root), '404.html');
    const rewrite = PAGE_REWRITES.find((r) => r.pattern.test(urlPath));
    if (rewrite) {
      const built = await resolveStaticFile(root, rewrite.page);
      if (built) return page(root, built.file, built.stats, 200, HTML_CACHE, request, rewrite.headers);
    }
    const over = overlay?.();
    const changed = over ? await fromOverlay(over, urlPath) : null;
    const found = changed === 'gone' ? null : (changed ?? (await resolveStaticFile(root, urlPath)));
    // The staff pages: no-store, noindex and no Referer (STAFF_PAGE_HEADERS).
    if (found && found.file !== notFound && isStaffPath(urlPath)) return page(root, found.file, found.stats, 200, STAFF_PAGE_HEADERS['Cache-Control'], request, STAFF_PAGE_HEADERS);
    if (found && found.file !== notFound) return page(root, found.file, found.stats, 200, cacheControl(urlPath, found.file), request);
    // A renamed category's old name leads to the category (category-redirects.ts).
    const key = urlPath.startsWith('/category/') ? redirectKey(urlPath) : null;
    const to = key ? (await redirectsIn(resolve(root)))[key] : undefined;
    if (to) return new Response(null, { status: 301, headers: { Location: to, 'Cache-Control': 'no-cache' } });
    const notFoundStats = await statOrNull(notFound);
    if (notFoundStats?.isFile()) return page(root, notFound, notFoundStats, 404, 'no-cache', request);
    return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
  };
}
