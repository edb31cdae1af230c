/**
 * Builds the static site from a catalogue API into a fresh directory and swaps it in only when
 * the build succeeded: a failed build (API down, bad data, code error) leaves the previous
 * `dist/` served as it was. `npm start` builds only when the code or the catalogue changed
 * (buildIfChanged); each run fingerprints both once.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ARTWORK_DIR, config, ROOT } from '#server/config.ts';
import { catalogVersion } from './catalog-version.ts';
import { codeHash } from './code-hash.ts';
import { linkTree, swapIn } from './folders.ts';
import { runAstro } from './run-astro.ts';
import { readStamp, writeStamp, type BuildStamp } from './stamp.ts';

/** What a build is made from: the code and the catalogue, each as a short hash. */
export interface Fingerprint {
  codeHash: string;
  catalogVersion: string;
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
  /** The fingerprint when the caller has it already; otherwise it is taken before the build. */
  fingerprint?: Fingerprint;
}

export interface BuildResult {
  stamp: BuildStamp;
  /** From the start to the swap: when the new site is served. */
  seconds: number;
  pages: number;
  /** Peak resident memory of the Astro build process, in MiB (Linux; 0 elsewhere). */
  peakRssMb: number;
  /** CPU seconds of the Astro build process, user and system (Linux; 0 elsewhere). */
  cpuSeconds: number;
}

/** The code hash and the catalogue version of the API, taken side by side. */
export async function fingerprint(options: Pick<BuildOptions, 'apiUrl' | 'hash'>): Promise<Fingerprint> {
  const [hash, version] = await Promise.all([(options.hash ?? codeHash)(), catalogVersion(options.apiUrl)]);
  return { codeHash: hash, catalogVersion: version };
}

/**
 * Runs `astro build` into a sibling directory, then swaps it with distDir.
 * Throws with a message naming the API URL when the catalogue cannot be read.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const distDir = resolve(options.distDir ?? config.distDir);
  const started = performance.now();
  const made = options.fingerprint ?? (await fingerprint(options));
  const workDir = resolve(distDir, '..', '.build');
  const nextDir = join(workDir, `next-${process.pid}-${Date.now()}`);
  await mkdir(workDir, { recursive: true });

  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  const { pages, peakRssMb, cpuSeconds } = await runAstro([astro, 'build'], { ...options.env, CATALOG_API_URL: options.apiUrl, KIRYANA_OUT_DIR: nextDir }, log).catch(
    async (err: Error) => {
      await rm(nextDir, { recursive: true, force: true });
      throw err;
    },
  );
  await linkTree(options.artworkDir ?? ARTWORK_DIR, join(nextDir, 'images'));
  const stamp: BuildStamp = { ...made, builtAt: new Date().toISOString(), pages };
  await writeStamp(nextDir, stamp);
  const oldDir = await swapIn(nextDir, distDir, workDir);
  // Timed to the swap, when shoppers get the new site; the old one is deleted after (about a
  // second at 10,000 products), before this returns.
  const seconds = (performance.now() - started) / 1000;
  if (oldDir) await rm(oldDir, { recursive: true, force: true });
  return { stamp, seconds, pages, peakRssMb, cpuSeconds };
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
  const now = options.fingerprint ?? (await fingerprint(options));
  if (stamp?.codeHash === now.codeHash && stamp.catalogVersion === now.catalogVersion) {
    return { built: false, reason: 'the site is up to date with the catalogue and the code' };
  }
  const reason = !stamp
    ? 'there is no earlier build'
    : stamp.codeHash !== now.codeHash
      ? 'the code changed'
      : 'the catalogue changed';
  return { built: true, reason, result: await buildSite({ ...options, distDir, fingerprint: now }) };
}
