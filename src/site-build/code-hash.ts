/** The fingerprint of everything the site is built from except the catalogue. */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { buildConfig as config, ROOT } from './config.ts';

const HASHED_FILES = ['astro.config.mjs', 'package-lock.json', 'package.json', 'tsconfig.json'];
/** The site's sources, the build's own steps among them (src/site-build: its Astro integrations). */
export const HASHED_DIRS = ['src', 'public'];

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

/** Settings the build bakes into pages and scripts: changing one makes a new build. */
const bakedSettings = () => JSON.stringify({ siteUrl: config.siteUrl, orderMaxLineQuantity: config.orderMaxLineQuantity, publicApiBase: config.publicApiBase });

/** A hash of src, public, the site's config files, the lockfile and the baked-in settings; tests are left out. */
export async function codeHash(root = ROOT): Promise<string> {
  const hash = createHash('sha256');
  hash.update(bakedSettings()).update('\0');
  const files = HASHED_FILES.map((f) => join(root, f));
  for (const dir of HASHED_DIRS) for await (const f of walk(join(root, dir))) files.push(f);
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(root, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
