/** Folder moves of the site build: link the artwork in, swap the finished build into place. */
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SiteOverlay } from '#server/static.ts';

/** Hard-links `source` as `target`, replacing a file there (unless `keep`); copies across file systems. */
async function linkFile(source: string, target: string, keep: boolean): Promise<void> {
  try {
    await link(source, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return copyFile(source, target);
    if (keep) return;
    await rm(target, { force: true });
    await link(source, target).catch(() => copyFile(source, target));
  }
}

/** Files being written (a drawing's `.name.pid.n.tmp`, renamed into place when whole): never part of a site. */
const isTemporary = (name: string) => name.startsWith('.');

/**
 * Hard-links every file under `from` into `to` (copies across file systems); cheap and atomic per
 * file. A folder's files are linked all at once: one after the other, the ~4,500 of the artwork
 * took the build half a second. With `keep`, a file already in `to` stays as it is (a served site,
 * where replacing it would leave a moment without it). The artwork may be drawn meanwhile: files
 * being written are left out, and one gone between listing and linking (a temporary file renamed
 * into place) is skipped; the finished file is linked by the next build or asked for by a page.
 */
export async function linkTree(from: string, to: string, { keep = false }: { keep?: boolean } = {}): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch {
    return 0;
  }
  await mkdir(to, { recursive: true });
  const counts = await Promise.all(
    entries.map(async (entry) => {
      const source = join(from, entry.name);
      const target = join(to, entry.name);
      if (entry.isDirectory()) return linkTree(source, target, { keep });
      if (isTemporary(entry.name)) return 0;
      try {
        await linkFile(source, target, keep);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      return 1;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Replaces distDir by nextDir with two renames, the moment the new site is served. Returns where
 * the old site went (undefined when there was none), for the caller to delete.
 */
export async function swapIn(nextDir: string, distDir: string, workDir: string): Promise<string | undefined> {
  const oldDir = join(workDir, `old-${basename(nextDir)}`);
  const hadDist = await stat(distDir).then(() => true, () => false);
  if (hadDist) await rename(distDir, oldDir);
  await rename(nextDir, distDir);
  return hadDist ? oldDir : undefined;
}

/** Files moved into the served site at once, a batch at a time. */
const MOVES_AT_ONCE = 32;

/**
 * Puts a rebuild of changed pages into the served site `distDir`: each of `files` (paths in the
 * site, written under `nextDir`) replaces its namesake, each of `gone` is deleted, then `records`
 * (what the build keeps about itself) replace theirs, last, so that a move cut short is done again
 * by the next rebuild. Each file is replaced by a rename, so no request reads half a file; and
 * `serveOverlay` (the store's, main.ts) serves the new files over the site from the moment they
 * are all written until all are moved, so no shopper sees one changed page without the others.
 * Returns the seconds from `startedAt` to the moment the change was served.
 */
export async function publishChanges(
  nextDir: string,
  distDir: string,
  { files, gone, records }: { files: readonly string[]; gone: readonly string[]; records: readonly string[] },
  serveOverlay: ((overlay: SiteOverlay | undefined) => void | Promise<void>) | undefined,
  startedAt: number,
): Promise<number> {
  await serveOverlay?.({ dir: nextDir, gone: new Set(gone) });
  const servedAt = performance.now();
  const place = async (path: string) => {
    const target = join(distDir, path);
    const staged = join(dirname(target), `.${basename(target)}.next`);
    await mkdir(dirname(target), { recursive: true });
    await rm(staged, { force: true });
    await link(join(nextDir, path), staged).catch(() => copyFile(join(nextDir, path), staged));
    await rename(staged, target);
  };
  const inBatches = async (paths: readonly string[], each: (path: string) => Promise<unknown>) => {
    for (let i = 0; i < paths.length; i += MOVES_AT_ONCE) await Promise.all(paths.slice(i, i + MOVES_AT_ONCE).map(each));
  };
  await inBatches(files, place);
  await inBatches(gone, async (path) => {
    await rm(join(distDir, path), { force: true });
    await rmdir(dirname(join(distDir, path))).catch(() => {}); // the page's folder, when empty
  });
  await inBatches(records, place);
  await serveOverlay?.(undefined);
  // A request that found a file in the overlay may open it a moment later: deleted after a while.
  setTimeout(() => void rm(nextDir, { recursive: true, force: true }), serveOverlay ? 2000 : 0).unref();
  return (servedAt - startedAt) / 1000;
}
