/**
 * Renders artworks (./table.ts) to raster files with sharp:
 * `{outDir}/{kind}/{key}-{width}.avif|webp` for every width of IMAGE_KINDS, plus
 * `{outDir}/{kind}/{key}.webp` at the largest width (the URL the catalogue stores).
 *
 * Each file is drawn from the SVG straight at its own width, so one file can be drawn alone
 * (the store draws a missing one when it is asked for). Files are written to a temporary name
 * and renamed, so that a reader never sees half a file. A file is current when it is newer than
 * every source of the artwork (./artworkSources).
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { IMAGE_KINDS, type ImageKindName } from '#lib/images.ts';
import { SEED_CATALOGUE_FILE } from '#server/seed/catalogue.ts';
import { artworkSvg } from './compose.ts';
import { allArtworks, type Artwork } from './table.ts';

export type ImageFormat = 'avif' | 'webp';

export interface OutputFile {
  file: string;
  width: number;
  format: ImageFormat;
}

/** Every file one artwork produces. */
export function outputFiles(art: Artwork, outDir: string): OutputFile[] {
  const kind = IMAGE_KINDS[art.kind];
  const dir = join(outDir, art.kind);
  const files: OutputFile[] = kind.widths.flatMap((width) =>
    (['avif', 'webp'] as const).map((format) => ({ file: join(dir, `${art.key}-${width}.${format}`), width, format })),
  );
  files.push({ file: join(dir, `${art.key}.webp`), width: kind.width, format: 'webp' });
  return files;
}

export interface Raster {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** One artwork drawn at one width (straight from its SVG, not scaled down from a larger one). */
export async function rasterise(art: Artwork, width: number): Promise<Raster> {
  const kind = IMAGE_KINDS[art.kind];
  const height = Math.round((kind.height * width) / kind.width);
  const { data, info } = await sharp(Buffer.from(artworkSvg(art)), { density: (72 * width) / kind.width })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * A raster encoded. AVIF at effort 1 (effort 0 makes files half as large again); WebP, the
 * fallback and the catalogue's own URL, at effort 2 (effort 4 took half as long again for 6 %).
 */
export function encode(raster: Raster, format: ImageFormat): Promise<Buffer> {
  const img = sharp(raster.data, { raw: raster.info });
  return format === 'webp'
    ? img.webp({ quality: 80, alphaQuality: 80, effort: 2, smartSubsample: true }).toBuffer()
    : img.avif({ quality: 52, effort: 1 }).toBuffer();
}

/** One artwork at one width, encoded. */
export async function renderImage(art: Artwork, width: number, format: ImageFormat): Promise<Buffer> {
  return encode(await rasterise(art, width), format);
}

let temporary = 0;

/** Writes through a temporary file and a rename: readers see the old file or the new one. */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${temporary++}.tmp`);
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** The files the artwork is drawn from: its tables and code, the seed catalogue's names and brands, the image sizes. */
export async function artworkSources(): Promise<string[]> {
  const here = import.meta.dirname;
  const own = (await readdir(here)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(here, f));
  return [...own, SEED_CATALOGUE_FILE, resolve(here, '../../lib/images.ts')];
}

async function mtime(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest change to the artwork's sources: files older than this are drawn again. */
export async function sourcesChangedAt(): Promise<number> {
  const times = await Promise.all((await artworkSources()).map(mtime));
  return Math.max(...times.map((t) => t ?? 0));
}

/** Whether `file` exists and was drawn after the sources last changed. */
export async function isCurrent(file: string, changedAt: number): Promise<boolean> {
  const t = await mtime(file);
  return t !== undefined && t >= changedAt;
}

export interface GenerateOptions {
  outDir: string;
  /** Only these artworks: `kind/key` or a bare key (any kind). Default: all. */
  keys?: string[];
  /** Parallel renders; default 2 (the machines have 2 cores). */
  concurrency?: number;
  /** Called after each artwork with how many of the selection are done. */
  onProgress?: (done: number, total: number, written: number) => void;
  /** Rewrite every file even when current. */
  force?: boolean;
}

export interface GenerateResult {
  written: number;
  skipped: number;
  /** Files of artwork that no longer exists (a product renamed or gone), removed. */
  removed: number;
  artworks: number;
  ms: number;
}

/** The order artworks are drawn in: what the home page shows first (banners, categories), then products. */
const KIND_ORDER: ImageKindName[] = ['hero', 'hero-mobile', 'promo', 'categories', 'products'];

function selected(keys: string[] | undefined): Artwork[] {
  const all = allArtworks().sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  if (!keys?.length) return all;
  const want = new Set(keys);
  const list = all.filter((a) => want.has(`${a.kind}/${a.key}`) || want.has(a.key));
  if (list.length === 0) throw new Error(`No artwork matches ${keys.join(', ')}`);
  return list;
}

async function renderOne(art: Artwork, outDir: string, changedAt: number, force: boolean): Promise<[number, number]> {
  const files = outputFiles(art, outDir);
  const stale: OutputFile[] = [];
  for (const f of files) if (force || !(await isCurrent(f.file, changedAt))) stale.push(f);
  // One raster a width, one encoding a width and format (`{key}.webp` is the largest WebP again).
  for (const width of new Set(stale.map((f) => f.width))) {
    const raster = await rasterise(art, width);
    const encoded = new Map<ImageFormat, Buffer>();
    for (const f of stale.filter((x) => x.width === width)) {
      let data = encoded.get(f.format);
      if (!data) {
        data = await encode(raster, f.format);
        encoded.set(f.format, data);
      }
      await writeAtomically(f.file, data);
    }
  }
  return [stale.length, files.length - stale.length];
}

/**
 * Removes from `outDir` the image files no artwork produces any more, so that builds do not
 * publish them. Only files in the kinds' folders; temporary files of a drawing under way stay.
 */
export async function removeOldImages(outDir: string): Promise<number> {
  const wanted = new Set(allArtworks().flatMap((art) => outputFiles(art, outDir).map((f) => f.file)));
  let removed = 0;
  for (const kind of Object.keys(IMAGE_KINDS)) {
    const dir = join(outDir, kind);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = join(dir, name);
      if (name.startsWith('.') || wanted.has(file)) continue;
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Writes (or brings up to date) the raster artwork under `outDir`; a full run also removes old files. */
export async function generateImages(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const list = selected(options.keys);
  const removed = options.keys?.length ? 0 : await removeOldImages(options.outDir);
  const changedAt = await sourcesChangedAt();
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const previousThreads = sharp.concurrency();
  sharp.concurrency(1);
  let written = 0;
  let skipped = 0;
  let next = 0;
  let finished = 0;
  try {
    const worker = async () => {
      while (next < list.length) {
        const art = list[next++];
        const [w, s] = await renderOne(art, options.outDir, changedAt, Boolean(options.force));
        written += w;
        skipped += s;
        options.onProgress?.(++finished, list.length, written);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  } finally {
    sharp.concurrency(previousThreads);
  }
  return { written, skipped, removed, artworks: list.length, ms: Math.round(performance.now() - started) };
}
