/**
 * The headers every page is served with, made in one place for the two places that send them:
 * the store's own static handler (static.ts) and a CDN or static host, which reads `dist/_headers`.
 *
 * The Content-Security-Policy allows scripts only from the site's own origin or by the sha256 of
 * each inline script the build emitted (the island bootstrap, the early-tap and signed-in scripts):
 * no 'unsafe-inline', no 'unsafe-eval', so an injected script runs nowhere and cannot read the
 * stored token. The build collects the hashes from the pages it wrote (one policy for the whole
 * site: a few dozen inline scripts at most, the same on every page of a type; which pages it reads
 * is src/site-build/headers-file.ts's rule). Astro's own CSP
 * option was not used: it writes a policy per page as a <meta> tag, which cannot carry
 * frame-ancestors and which a CDN cannot send as a header. Pages cannot be
 * framed (`frame-ancestors 'none'`, and X-Frame-Options for older browsers), forms post only to
 * the site, and the API's origin is the only other one a page may call.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the build leaves the headers for the store's static handler (JSON: name → value). */
export const PAGE_HEADERS_FILE = '.kiryana-headers.json';

/** Inline `<script>` elements that run: no `src`, and JavaScript (no type, module or text/javascript). */
const SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const RUNS = /^(|module|text\/javascript|application\/javascript)$/i;

/** The CSP source of one script body; `seen` keeps those worked out (pages of a type share their scripts). */
function scriptHash(body: string, seen?: Map<string, string>): string {
  let hash = seen?.get(body);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    seen?.set(body, hash);
  }
  return hash;
}

/** The CSP source of each inline script in one page, e.g. `'sha256-…'`. */
export function inlineScriptHashes(html: string, seen?: Map<string, string>): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNS.test(type)) continue;
    hashes.push(scriptHash(body, seen));
  }
  return hashes;
}

/** The policy for pages whose inline scripts have these hashes; `apiOrigin` when the API lives elsewhere. */
export function contentSecurityPolicy(scriptHashes: readonly string[], apiOrigin?: string): string {
  const connect = apiOrigin ? `'self' ${apiOrigin}` : "'self'";
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].sort().join(' ')}`.trim(),
    // React and the islands set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Every header a page carries besides its content headers. */
export function pageHeaders(scriptHashes: readonly string[], apiOrigin?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes, apiOrigin),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** Pages read at a time: the disk works on several reads while the last one read is scanned. */
const READS_AT_ONCE = 16;

/**
 * The hashes of every inline script of the pages under `distDir`: of `pages` (paths in it) when
 * given, else of every page there, read several at a time.
 */
export async function siteScriptHashes(distDir: string, pages?: readonly string[]): Promise<string[]> {
  const hashes = new Set<string>();
  const seen = new Map<string, string>();
  const files = pages ? pages.map((page) => join(distDir, page)) : [];
  if (!pages) for await (const file of htmlFiles(distDir)) files.push(file);
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const html = await readFile(files[next++], 'utf8');
      for (const hash of inlineScriptHashes(html, seen)) hashes.add(hash);
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, reader));
  return [...hashes].sort();
}

/**
 * Files the browser must ask for again each time rather than keep (`Cache-Control: no-cache`; the
 * store's static handler answers 304 while the browser's copy is current, static.ts): the service
 * worker, whose bytes tell the browser a new build is out, the web app manifest it reads at
 * install, and the suggestions' search index, which keeps one address across builds. Any of them
 * kept for an hour would hold a shopper on the old build, or the old catalogue, for that hour.
 */
export const REVALIDATED_FILES = ['/sw.js', '/manifest.webmanifest', '/search-index.json'] as const;

/**
 * The staff pages' own headers (everything under /staff/): never kept by a browser, a proxy or a
 * CDN (a member's page is theirs alone), never indexed, and never a Referer (the invitation link
 * carries its token in the fragment; nothing of a staff page's address goes to another site).
 */
export const STAFF_PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * `dist/_headers` in the format Netlify and Cloudflare Pages read: these headers on every path,
 * `Cache-Control: no-cache` on REVALIDATED_FILES and STAFF_PAGE_HEADERS under /staff/.
 */
export function headersFileText(headers: Record<string, string>): string {
  const block = (path: string, h: Record<string, string>) => `${path}\n${Object.entries(h).map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`;
  return block('/*', headers) + REVALIDATED_FILES.map((path) => block(path, { 'Cache-Control': 'no-cache' })).join('') + block('/staff/*', STAFF_PAGE_HEADERS);
}

/**
 * Writes the headers of a finished build: `_headers` for static hosts and CDNs, and
 * PAGE_HEADERS_FILE for the store's own static handler. Both from one call, so they cannot differ.
 * The policy allows the inline scripts of `pages` (paths under distDir), or of every page there.
 */
export async function writePageHeaders(distDir: string, apiBase?: string, pages?: readonly string[]): Promise<Record<string, string>> {
  const apiOrigin = apiBase ? new URL(apiBase).origin : undefined;
  const headers = pageHeaders(await siteScriptHashes(distDir, pages), apiOrigin);
  await writeFile(join(distDir, '_headers'), headersFileText(headers));
  await writeFile(join(distDir, PAGE_HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
  return headers;
}

/**
 * The page headers of the build in `distDir`, read once per build (the file's mtime): a swapped-in
 * build is picked up at its next request. A folder without the file (a build from before it, or a
 * test's hand-made pages) gets the policy without hashes: its inline scripts do not run.
 */
export function pageHeadersOf(): (distDir: string) => Promise<Record<string, string>> {
  let cached: { file: string; mtimeMs: number; headers: Record<string, string> } | undefined;
  const fallback = pageHeaders([]);
  return async (distDir) => {
    const file = join(distDir, PAGE_HEADERS_FILE);
    const stats = await stat(file).catch(() => undefined);
    if (!stats) return fallback;
    if (cached?.file === file && cached.mtimeMs === stats.mtimeMs) return cached.headers;
    try {
      const headers = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      cached = { file, mtimeMs: stats.mtimeMs, headers };
      return headers;
    } catch {
      return fallback;
    }
  };
}
