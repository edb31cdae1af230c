/** What a build was made from, written beside it: `npm start` rebuilds only when that changed. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const STAMP_FILE = '.kiryana-build.json';

export interface BuildStamp {
  codeHash: string;
  catalogVersion: string;
  builtAt: string;
  pages?: number;
}

export async function readStamp(distDir: string): Promise<BuildStamp | undefined> {
  try {
    return JSON.parse(await readFile(join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

export async function writeStamp(distDir: string, stamp: BuildStamp): Promise<void> {
  await writeFile(join(distDir, STAMP_FILE), JSON.stringify(stamp, null, 2));
}
