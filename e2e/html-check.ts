/**
 * The checks over the built site that need no browser (e2e/valid-html.spec.ts):
 *   - `nuCheck`: the Nu HTML Checker (the W3C validator, `vnu-jar`, run on Java) over saved pages,
 *     its errors as `{file, line, message}`;
 *   - `internalLinks`: every internal address the built HTML names (href, src, srcset, action,
 *     poster, and the site's own absolute URLs in meta content, such as og:image), with a page
 *     naming it, and `builtFile`, the built file that answers an address, if any.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checker itself, as the `vnu-jar` package ships it. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** The e2e store's site (scripts/e2e-server.ts). */
export const DIST = fileURLToPath(new URL('../.cache/e2e/dist', import.meta.url));

export interface NuError {
  file: string;
  line?: number;
  message: string;
}

/** Runs the Nu HTML Checker on `files` (one Java process for all): every error, none when they are valid. */
export function nuCheck(files: string[]): Promise<NuError[]> {
  const child = spawn('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--errors-only', ...files]);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', (e) => reject(new Error(`The Nu HTML Checker runs on Java, which could not be started (${e.message}): install a Java runtime (apt-get install default-jre-headless).`)));
    child.on('close', () => {
      try {
        const { messages } = JSON.parse(out) as { messages: { type: string; url?: string; lastLine?: number; message: string }[] };
        resolve(messages.map((m) => ({ file: m.url ? fileURLToPath(m.url) : '', line: m.lastLine, message: m.message })));
      } catch {
        reject(new Error(`The Nu HTML Checker gave no report: ${err || out}`));
      }
    });
  });
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (value: string) => value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (e) => ENTITIES[e]);

/** The address of the page a built file is (`about/index.html` is `/about/`). */
const pageOf = (file: string) => `/${file.split('\\').join('/')}`.replace(/index\.html$/, '');

/**
 * Every internal address named in the built pages (`dist`'s HTML files) and the sitemaps, as a
 * path with its query (no fragment), with the first page that names it; `origin` is the site's own
 * (its absolute URLs count as internal). Mail, phone and other sites' addresses are left out.
 */
export async function internalLinks(dist: string, origin: string): Promise<{ links: Map<string, string>; pages: number; named: number }> {
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html') || /^sitemap.*\.xml$/.test(f));
  const links = new Map<string, string>();
  let named = 0;
  const note = (raw: string, page: string) => {
    const value = unescape(raw.trim());
    if (!value || value.startsWith('#')) return;
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');
    if (absolute && !value.startsWith(`${origin}/`)) return;
    const url = new URL(value, `${origin}${page}`);
    named++;
    const target = url.pathname + url.search;
    if (!links.has(target)) links.set(target, page);
  };
  for (const file of files) {
    const text = await readFile(join(dist, file), 'utf8');
    const page = pageOf(file);
    if (file.endsWith('.xml')) {
      for (const [, loc] of text.matchAll(/<loc>([^<]+)<\/loc>/g)) note(loc, page);
      continue;
    }
    for (const [, name, value] of text.matchAll(/\s(href|src|srcset|action|poster|content)="([^"]*)"/g)) {
      if (name === 'srcset') for (const candidate of value.split(',')) note(candidate.trim().split(/\s+/)[0], page);
      else if (name !== 'content' || value.startsWith(`${origin}/`)) note(value, page);
    }
  }
  return { links, pages: files.length, named };
}

/** The built file that answers `target` (a path, maybe with a query), or undefined. */
export async function builtFile(dist: string, target: string): Promise<string | undefined> {
  let path: string;
  try {
    path = decodeURIComponent(target.split('?')[0]);
  } catch {
    return undefined;
  }
  const candidates = path.endsWith('/') ? [join(dist, path, 'index.html')] : [join(dist, path), join(dist, path, 'index.html')];
  for (const candidate of candidates) {
    if (!candidate.startsWith(dist)) continue;
    const found = await stat(candidate).catch(() => undefined);
    if (found?.isFile()) return candidate;
  }
  return undefined;
}
