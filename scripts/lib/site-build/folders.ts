/** Folder moves of the site build: link the artwork in, swap the finished build into place. */
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Hard-links `source` as `target`, replacing a file there; copies across file systems. */
async function linkFile(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return copyFile(source, target);
    await rm(target, { force: true });
    await link(source, target).catch(() => copyFile(source, target));
  }
}

/**
 * Hard-links every file under `from` into `to` (copies across file systems); cheap and atomic per
 * file. A folder's files are linked all at once: one after the other, the ~4,500 of the artwork
 * took the build half a second.
 */
export async function linkTree(from: string, to: string): Promise<number> {
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
      if (entry.isDirectory()) return linkTree(source, target);
      await linkFile(source, target);
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
  const oldDir = join(workDir, `old-${process.pid}-${Date.now()}`);
  const hadDist = await stat(distDir).then(() => true, () => false);
  if (hadDist) await rename(distDir, oldDir);
  await rename(nextDir, distDir);
  return hadDist ? oldDir : undefined;
}
