/** Folder moves of the site build: link the artwork in, swap the finished build into place. */
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

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
export async function swapIn(nextDir: string, distDir: string, workDir: string): Promise<void> {
  const oldDir = join(workDir, `old-${process.pid}-${Date.now()}`);
  const hadDist = await stat(distDir).then(() => true, () => false);
  if (hadDist) await rename(distDir, oldDir);
  await rename(nextDir, distDir);
  if (hadDist) await rm(oldDir, { recursive: true, force: true });
}
