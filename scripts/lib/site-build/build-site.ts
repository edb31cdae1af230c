/**
 * Builds the static site from a catalogue API into a fresh directory and swaps it in only when
 * the build succeeded: a failed build (API down, bad data, code error) leaves the previous
 * `dist/` served as it was.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ARTWORK_DIR, config, ROOT } from '#server/config.ts';

export const STAMP_FILE = '.kiryana-build.json';

export interface BuildStamp {
  codeHash: string;
  catalogVersion: string;
  builtAt: string;
  pages?: number;
}

const HASHED_FILES = ['astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** A hash of everything the site is built from except the catalogue (src, public, config, lockfile). */
export async function codeHash(root = ROOT): Promise<string> {
  const hash = createHash('sha256');
  const files = [...HASHED_FILES.map((f) => join(root, f))];
  for (const dir of ['src', 'public']) for await (const f of walk(join(root, dir))) files.push(f);
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(root, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export async function readStamp(distDir: string): Promise<BuildStamp | undefined> {
  try {
    return JSON.parse(await readFile(join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

/** Asks the API for its catalogue version; throws naming the URL when it does not answer. */
export async function catalogVersion(apiUrl: string): Promise<string> {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/health`;
  let reply: Response;
  try {
    reply = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new Error(`The catalogue API at ${url} did not answer (${(err as Error).cause ?? (err as Error).message}).`);
  }
  const body = (await reply.json().catch(() => undefined)) as { data?: { catalogVersion?: string } } | undefined;
  if (!reply.ok || !body?.data?.catalogVersion) {
    throw new Error(`The catalogue API at ${url} answered ${reply.status} without a catalogue version.`);
  }
  return body.data.catalogVersion;
}

export interface BuildOptions {
  apiUrl: string;
  distDir?: string;
  /** Called with progress lines; default prints to stdout. */
  log?: (line: string) => void;
  /** Extra environment for the Astro build (e.g. SITE_URL). */
  env?: NodeJS.ProcessEnv;
  /**
   * Linked into the build as /images (default ARTWORK_DIR). It is linked rather than kept in
   * public/: Astro would copy its ~3,300 files on every build.
   */
  artworkDir?: string;
  /** How the code is fingerprinted for the stamp (default codeHash). */
  hash?: () => Promise<string>;
}

export interface BuildResult {
  stamp: BuildStamp;
  seconds: number;
  pages: number;
  /** Peak resident memory of the Astro build process, in MiB (Linux; 0 elsewhere). */
  peakRssMb: number;
}

/**
 * Runs `astro build` into a sibling directory, then swaps it with distDir.
 * Throws with a message naming the API URL when the catalogue cannot be read.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const distDir = resolve(options.distDir ?? config.distDir);
  const started = performance.now();
  const [version, hash] = await Promise.all([catalogVersion(options.apiUrl), (options.hash ?? codeHash)()]);
  const workDir = resolve(distDir, '..', '.build');
  const nextDir = join(workDir, `next-${process.pid}-${Date.now()}`);
  await mkdir(workDir, { recursive: true });

  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  const { pages, peakRssMb } = await runAstro([astro, 'build'], { ...options.env, CATALOG_API_URL: options.apiUrl, KIRYANA_OUT_DIR: nextDir }, log).catch(
    async (err: Error) => {
      await rm(nextDir, { recursive: true, force: true });
      throw err;
    },
  );
  await linkTree(options.artworkDir ?? ARTWORK_DIR, join(nextDir, 'images'));
  const stamp: BuildStamp = { codeHash: hash, catalogVersion: version, builtAt: new Date().toISOString(), pages };
  await writeFile(join(nextDir, STAMP_FILE), JSON.stringify(stamp, null, 2));
  await swapIn(nextDir, distDir, workDir);
  return { stamp, seconds: (performance.now() - started) / 1000, pages, peakRssMb };
}

/** Hard-links every file under `from` into `to` (copies across file systems); cheap and atomic per file. */
export async function linkTree(from: string, to: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch {
    return 0;
  }
  await mkdir(to, { recursive: true });
  let files = 0;
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      files += await linkTree(source, target);
      continue;
    }
    await rm(target, { force: true });
    await link(source, target).catch(() => copyFile(source, target));
    files++;
  }
  return files;
}

/** Replaces distDir by nextDir with two renames; the old site is deleted afterwards. */
async function swapIn(nextDir: string, distDir: string, workDir: string): Promise<void> {
  const oldDir = join(workDir, `old-${process.pid}-${Date.now()}`);
  const hadDist = await stat(distDir).then(() => true, () => false);
  if (hadDist) await rename(distDir, oldDir);
  await rename(nextDir, distDir);
  if (hadDist) await rm(oldDir, { recursive: true, force: true });
}

/** Peak resident set of a running process (VmHWM), in MiB; 0 when /proc is not there. */
async function peakRss(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Runs Astro (`args` after the node binary) with progress on `log`: one running page count
 * instead of thousands of lines. Resolves with the pages written and the peak memory.
 */
export function runAstro(args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void, cwd = ROOT): Promise<{ pages: number; peakRssMb: number }> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    if (child.pid) void peakRss(child.pid).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)));
  }, 250);
  let pages = 0;
  let lastReport = 0;
  const tail: string[] = [];
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    // Astro prints one line a page; show a running count instead of thousands of lines.
    if (/[├└]─ \//.test(line)) {
      pages++;
      const now = performance.now();
      if (now - lastReport > 2000) {
        lastReport = now;
        log(`  … ${pages.toLocaleString('en')} pages written`);
      }
      return;
    }
    // Astro's own total, when it prints one, is the exact count.
    const built = /(\d+) page\(s\) built in/.exec(line);
    if (built) pages = Number(built[1]);
    if (/\[build\]|\[vite\]|error|warn|Complete|Completed/i.test(line)) log(`  ${line.replace(/^\d\d:\d\d:\d\d\s*/, '')}`);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split(/\r?\n/);
      buffered = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  return new Promise((done, failed) => {
    child.on('error', failed);
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code === 0) return done({ pages, peakRssMb });
      const reason = tail.find((l) => /Could not read the catalogue/.test(l)) ?? tail.slice(-15).join('\n');
      failed(new Error(`The site build failed (exit ${code}).\n${reason}`));
    });
  });
}

export interface BuildIfChangedResult {
  built: boolean;
  /** Why it built (or did not). */
  reason: string;
  result?: BuildResult;
}

/**
 * `npm start`'s rule: build only when the code or the catalogue changed since the build in distDir.
 * Throws like buildSite when a needed build fails (the previous site stays).
 */
export async function buildIfChanged(options: BuildOptions): Promise<BuildIfChangedResult> {
  const distDir = resolve(options.distDir ?? config.distDir);
  const stamp = await readStamp(distDir);
  const [hash, version] = await Promise.all([(options.hash ?? codeHash)(), catalogVersion(options.apiUrl)]);
  if (stamp?.codeHash === hash && stamp.catalogVersion === version) {
    return { built: false, reason: 'the site is up to date with the catalogue and the code' };
  }
  const reason = !stamp
    ? 'there is no earlier build'
    : stamp.codeHash !== hash
      ? 'the code changed'
      : 'the catalogue changed';
  return { built: true, reason, result: await buildSite({ ...options, distDir }) };
}
