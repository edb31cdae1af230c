/**
 * Builds the static site from a catalogue API into a fresh directory and swaps it in only when
 * the build succeeded: a failed build (API down, bad data, code error) leaves the previous
 * `dist/` served as it was. `npm start` builds only when the code or the catalogue changed
 * (buildIfChanged); each run fingerprints both once.
 */
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ARTWORK_DIR, buildConfig as config, ROOT } from './config.ts';
import { catalogVersion } from './catalog-version.ts';
import { codeHash } from './code-hash.ts';
import { CHANGES_FILE, type ChangePlan } from '#features/catalog/build-data.ts';
import { WHOLE_CATALOGUE_FILES } from '#features/catalog/page-inputs.ts';
import { DIGESTS_FILE, type CatalogueDigests } from '#server/catalog/digests.ts';
import type { SiteOverlay } from '#server/static.ts';
import { RESULT_FILE, type BuildOutcome } from './changed-pages.ts';
import { linkTree, publishChanges, swapIn } from './folders.ts';
import { BUILD_NODE_FLAGS, runAstro } from './run-astro.ts';
import { readStamp, STAMP_FILE, writeStamp, type BuildStamp } from './stamp.ts';

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
  /**
   * The pictures staff upload (default PICTURES_DIR), linked into the build's /images beside the
   * artwork, so the built site is whole for a CDN; the folder itself stays beside the data.
   */
  picturesDir?: string;
  /** How the code is fingerprinted for the stamp (default codeHash). */
  hash?: () => Promise<string>;
  /** The fingerprint when the caller has it already; otherwise it is taken before the build. */
  fingerprint?: Fingerprint;
  /**
   * Rebuild only the pages these products' changes touch, over the site in distDir (which must
   * hold its catalogue snapshot): the rest of the new site is linked from it. The build itself may
   * decide to render everything (the categories changed); `result.outcome` says which it did.
   */
  changes?: Pick<ChangePlan, 'changed' | 'removed'>;
  /** What the catalogue's products were when the build began (site-keeper.ts), kept with the site. */
  digests?: CatalogueDigests;
  /** The build process's priority (a Unix nice value: 10 yields the CPU to the store); default as this process. */
  niceness?: number;
  /** The store's way to serve the changed pages over the site while they are moved in (main.ts). */
  serveOverlay?: (overlay: SiteOverlay | undefined) => void | Promise<void>;
}

export { DIGESTS_FILE };

export async function readDigests(distDir: string): Promise<CatalogueDigests | undefined> {
  try {
    return JSON.parse(await readFile(join(distDir, DIGESTS_FILE), 'utf8')) as CatalogueDigests;
  } catch {
    return undefined;
  }
}

/** The files of a site, paths in it, that a rebuild of changed pages deletes: the pages gone, and the whole-catalogue files no longer made. */
async function goneFiles(distDir: string, outcome: Extract<BuildOutcome, { mode: 'changed' }>): Promise<string[]> {
  const made = new Set(outcome.files);
  const wholeCatalogue = (await readdir(distDir)).filter((name) => WHOLE_CATALOGUE_FILES.test(`/${name}`) && !made.has(name));
  return [...outcome.removed.map((key) => `${key.replace(/^\/+/, '')}/index.html`), ...wholeCatalogue];
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
  /** Whether every page was rendered or only the changed ones. */
  outcome: BuildOutcome;
}

/** The code hash and the catalogue version of the API, taken side by side. */
export async function fingerprint(options: Pick<BuildOptions, 'apiUrl' | 'hash'>): Promise<Fingerprint> {
  const [hash, version] = await Promise.all([(options.hash ?? codeHash)(), catalogVersion(options.apiUrl)]);
  return { codeHash: hash, catalogVersion: version };
}

/** Builds begun by this process: part of each build's folder names. */
let builds = 0;

/**
 * Runs `astro build` into a sibling directory, then swaps it with distDir.
 * Throws with a message naming the API URL when the catalogue cannot be read.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const distDir = resolve(options.distDir ?? config.distDir);
  const started = performance.now();
  // Taken while Astro works (a version of the catalogue at 100,000 products takes a moment).
  const fingerprinted = options.fingerprint ? Promise.resolve(options.fingerprint) : fingerprint(options);
  fingerprinted.catch(() => {}); // awaited below; a failure is reported there
  const workDir = resolve(distDir, '..', '.build');
  // Unique even for two builds begun in the same millisecond by one process.
  const nextDir = join(workDir, `next-${process.pid}-${Date.now()}-${builds++}`);
  await mkdir(workDir, { recursive: true });

  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  const env: NodeJS.ProcessEnv = { ...options.env, CATALOG_API_URL: options.apiUrl, KIRYANA_OUT_DIR: nextDir };
  const planFile = `${nextDir}.plan.json`;
  if (options.changes) {
    await writeFile(planFile, JSON.stringify({ previousDir: distDir, ...options.changes } satisfies ChangePlan));
    env.KIRYANA_INCREMENTAL = planFile;
  }
  // Astro bundles the pages it prerenders into `.astro/.prerender/` of its working folder (or into
  // the output folder when that lies inside the working folder). Each build works in a folder of
  // its own beside its output, `{next}.work/`, under the store's own dist folder's parent, never in
  // the checkout's `.astro/`: two stores started from one checkout (two data folders, e.g. the
  // e2e servers and a developer's `npm start`) never share or delete each other's bundle. The
  // folder links the checkout's node_modules, where the bundle finds its packages.
  const ownCwd = `${nextDir}.work`;
  await mkdir(ownCwd, { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(ownCwd, 'node_modules'), 'dir');
  const built = await runAstro([astro, 'build', '--root', ROOT], env, log, ownCwd, BUILD_NODE_FLAGS, options.niceness)
    .catch(async (err: Error) => {
      await rm(nextDir, { recursive: true, force: true });
      // An API that does not answer fails both: its own message names what was asked for.
      throw (await fingerprinted.then(() => undefined, (unanswered: Error) => unanswered)) ?? err;
    })
    .finally(() => Promise.all([rm(planFile, { force: true }), rm(ownCwd, { recursive: true, force: true })]));
  const outcome = JSON.parse(await readFile(join(nextDir, RESULT_FILE), 'utf8')) as BuildOutcome;
  const made = await fingerprinted;
  if (options.digests) await writeFile(join(nextDir, DIGESTS_FILE), JSON.stringify(options.digests));
  let seconds: number;
  let pages = built.pages;
  if (outcome.mode === 'changed') {
    // The changed pages go into the served site; nothing else of it is touched.
    pages = ((await readStamp(distDir))?.pages ?? 0) + outcome.files.length - (await goneFiles(distDir, outcome)).length;
    const stamp: BuildStamp = { ...made, builtAt: new Date().toISOString(), pages };
    await writeStamp(nextDir, stamp);
    const records = [RESULT_FILE, CHANGES_FILE, ...(options.digests ? [DIGESTS_FILE] : []), STAMP_FILE];
    // Pictures uploaded since the last full build join the served site's /images first.
    await linkTree(options.picturesDir ?? config.picturesDir, join(distDir, 'images'), { keep: true });
    seconds = await publishChanges(nextDir, distDir, { files: outcome.files, gone: await goneFiles(distDir, outcome), records }, options.serveOverlay, started);
    return { stamp, seconds, pages, peakRssMb: built.peakRssMb, cpuSeconds: built.cpuSeconds, outcome };
  }
  await linkTree(options.artworkDir ?? ARTWORK_DIR, join(nextDir, 'images'));
  await linkTree(options.picturesDir ?? config.picturesDir, join(nextDir, 'images'));
  const stamp: BuildStamp = { ...made, builtAt: new Date().toISOString(), pages };
  await writeStamp(nextDir, stamp);
  const oldDir = await swapIn(nextDir, distDir, workDir);
  // Timed to the swap, when shoppers get the new site; the old one is deleted after (about a
  // second at 10,000 products), before this returns.
  seconds = (performance.now() - started) / 1000;
  if (oldDir) await rm(oldDir, { recursive: true, force: true });
  return { stamp, seconds, pages, peakRssMb: built.peakRssMb, cpuSeconds: built.cpuSeconds, outcome };
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
