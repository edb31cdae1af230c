/**
 * A failed rebuild of the site, written beside the site it concerns for every store process to
 * read (the staff API says it to editors: src/lib/site-status.ts), and removed by the next rebuild
 * that succeeds. One file a site folder: `.{dist folder's name}.failing.json` in its parent.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SiteBuildFailure } from '#lib/site-status.ts';

export type { SiteBuildFailure };

export function failureFile(distDir: string): string {
  return join(dirname(distDir), `.${basename(distDir)}.failing.json`);
}

/** Written through a temporary file and a rename: a reader sees the old record or the new one. */
export async function recordFailure(distDir: string, failure: SiteBuildFailure): Promise<void> {
  const file = failureFile(distDir);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(failure));
  await rename(tmp, file);
}

export async function clearFailure(distDir: string): Promise<void> {
  await rm(failureFile(distDir), { force: true });
}

/** The failure recorded for the site in distDir; undefined when none is (or the record cannot be read). */
export async function readFailure(distDir: string): Promise<SiteBuildFailure | undefined> {
  try {
    const f = JSON.parse(await readFile(failureFile(distDir), 'utf8')) as Partial<SiteBuildFailure>;
    if (typeof f.since !== 'string' || typeof f.tries !== 'number' || typeof f.reason !== 'string') return undefined;
    return { since: f.since, tries: f.tries, reason: f.reason, nextTry: typeof f.nextTry === 'string' ? f.nextTry : null };
  } catch {
    return undefined;
  }
}
