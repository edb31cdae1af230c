/**
 * Renders the artwork table (./artwork.ts) to raster files with sharp:
 * `{outDir}/{kind}/{key}-{width}.avif|webp` for every width of IMAGE_KINDS, plus
 * `{outDir}/{kind}/{key}.webp` at the largest width (the URL the catalogue stores).
 *
 * Incremental: a file is rewritten only when missing or older than the artwork table
 * or this renderer. Icons come from the installed Fluent Emoji Flat (MIT) and Noto Emoji
 * (Apache-2.0) iconify sets; an unknown icon name throws.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_KINDS } from '../../lib/images.ts';
import { artwork, type Artwork, type Layer } from './artwork.ts';

interface IconData {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  hFlip?: boolean;
}
interface IconSet {
  prefix: string;
  icons: Record<string, IconData>;
  aliases?: Record<string, IconData & { parent: string }>;
  width?: number;
  height?: number;
}

const require = createRequire(import.meta.url);
const ICON_SETS = ['fluent-emoji-flat', 'noto'] as const;
let iconSets: Map<string, IconSet> | undefined;

function loadIconSets(): Map<string, IconSet> {
  if (!iconSets) {
    iconSets = new Map();
    for (const prefix of ICON_SETS) {
      const file = require.resolve(`@iconify-json/${prefix}/icons.json`);
      iconSets.set(prefix, JSON.parse(readFileSync(file, 'utf8')) as IconSet);
    }
  }
  return iconSets;
}

export interface ResolvedIcon {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
  hFlip: boolean;
}

/** `prefix:name` to its SVG body and view box, or undefined when the set lacks it. */
export function resolveIcon(name: string): ResolvedIcon | undefined {
  const [prefix, icon] = name.split(':');
  const set = loadIconSets().get(prefix);
  if (!set || !icon) return undefined;
  let data: IconData | undefined = set.icons[icon];
  let hFlip = false;
  if (!data) {
    const alias = set.aliases?.[icon];
    if (!alias) return undefined;
    data = set.icons[alias.parent];
    hFlip = Boolean(alias.hFlip);
    if (!data) return undefined;
  }
  return {
    body: data.body,
    left: data.left ?? 0,
    top: data.top ?? 0,
    width: data.width ?? set.width ?? 16,
    height: data.height ?? set.height ?? 16,
    hFlip: hFlip !== Boolean(data.hFlip),
  };
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}
function rgbToHex(rgb: number[]): string {
  return '#' + rgb.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('');
}
/** Mixes `hex` toward `target` by `amount` (0..1). */
export function mix(hex: string, target: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(target);
  return rgbToHex(a.map((v, i) => v + (b[i] - v) * amount));
}

function layerSvg(layer: Layer, w: number, h: number, uid: string): string {
  const icon = resolveIcon(layer.icon);
  if (!icon) throw new Error(`Unknown icon ${layer.icon}`);
  const size = layer.size * Math.min(w, h);
  const cx = layer.x * w;
  const cy = layer.y * h;
  const x = cx - size / 2;
  const y = cy - size / 2;
  const flip = icon.hFlip !== Boolean(layer.flip);
  const transforms: string[] = [];
  if (layer.rotate) transforms.push(`rotate(${layer.rotate} ${cx.toFixed(1)} ${cy.toFixed(1)})`);
  if (flip) transforms.push(`translate(${(2 * cx).toFixed(1)} 0) scale(-1 1)`);
  const t = transforms.length ? ` transform="${transforms.join(' ')}"` : '';
  // Ids inside icon bodies (gradients, masks) must stay unique once several are inlined.
  const body = icon.body.replace(/id="([^"]+)"/g, `id="$1-${uid}"`).replace(/url\(#([^)]+)\)/g, `url(#$1-${uid})`).replace(/href="#([^"]+)"/g, `href="#$1-${uid}"`);
  const opacity = layer.opacity !== undefined ? ` opacity="${layer.opacity}"` : '';
  return `<g${t}${opacity} filter="url(#shadow)"><svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" viewBox="${icon.left} ${icon.top} ${icon.width} ${icon.height}">${body}</svg></g>`;
}

/** The SVG of one artwork at the kind's full size. */
export function artworkSvg(art: Artwork): string {
  const { width: w, height: h } = IMAGE_KINDS[art.kind];
  const tile = art.kind === 'products' || art.kind === 'categories';
  const light = mix(art.tint, '#ffffff', 0.55);
  const deep = mix(art.tint, art.tint2 ?? '#000000', art.tint2 ? 1 : 0.08);
  const rx = tile ? Math.round(w * 0.07) : 0;
  const s = Math.min(w, h);
  const layers = art.layers.map((l, i) => layerSvg(l, w, h, `${i}`)).join('');
  const floor = tile
    ? `<ellipse cx="${w / 2}" cy="${h * 0.86}" rx="${w * 0.3}" ry="${h * 0.035}" fill="#000" opacity="0.06"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="${tile ? 1 : 1}" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<radialGradient id="glow" cx="${art.glow?.[0] ?? 0.5}" cy="${art.glow?.[1] ?? 0.4}" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.6"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="${(s * 0.012).toFixed(1)}" stdDeviation="${(s * 0.016).toFixed(1)}" flood-color="#3b2a10" flood-opacity="0.18"/></filter>
</defs>
<rect width="${w}" height="${h}" rx="${rx}" fill="url(#bg)"/>
<rect width="${w}" height="${h}" rx="${rx}" fill="url(#glow)"/>
${floor}${layers}
</svg>`;
}

export interface GenerateOptions {
  outDir: string;
  /** Only these artworks: `kind/key` or a bare key (any kind). Default: all. */
  keys?: string[];
  /** Parallel renders; default 2 (the machines have 2 cores). */
  concurrency?: number;
  /** Called after each artwork with how many of the selection are done. */
  onProgress?: (done: number, total: number, written: number) => void;
  /** Rewrite every file even when up to date. */
  force?: boolean;
}

export interface GenerateResult {
  written: number;
  skipped: number;
  artworks: number;
  ms: number;
}

const SOURCES = ['./artwork.ts', './render-artwork.ts'].map((p) => fileURLToPath(new URL(p, import.meta.url)));

async function mtime(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Every file one artwork produces. */
export function outputFiles(art: Artwork, outDir: string): { file: string; width: number; format: 'avif' | 'webp' }[] {
  const kind = IMAGE_KINDS[art.kind];
  const dir = path.join(outDir, art.kind);
  const files = kind.widths.flatMap((width) =>
    (['avif', 'webp'] as const).map((format) => ({ file: path.join(dir, `${art.key}-${width}.${format}`), width, format })),
  );
  files.push({ file: path.join(dir, `${art.key}.webp`), width: kind.width, format: 'webp' });
  return files;
}

async function renderOne(art: Artwork, outDir: string, newest: number, force: boolean): Promise<[number, number]> {
  const files = outputFiles(art, outDir);
  const stale: typeof files = [];
  for (const f of files) {
    const t = await mtime(f.file);
    if (force || t === undefined || t < newest) stale.push(f);
  }
  if (stale.length === 0) return [0, files.length];
  await mkdir(path.join(outDir, art.kind), { recursive: true });
  const kind = IMAGE_KINDS[art.kind];
  const { data, info } = await sharp(Buffer.from(artworkSvg(art))).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // One encode per width and format; `{key}.webp` reuses the largest WebP.
  const encoded = new Map<string, Buffer>();
  for (const f of stale) {
    const id = `${f.width}.${f.format}`;
    let buf = encoded.get(id);
    if (!buf) {
      const height = Math.round((kind.height * f.width) / kind.width);
      let img = sharp(data, raw);
      if (f.width !== kind.width) img = img.resize(f.width, height, { kernel: 'lanczos3' });
      buf =
        f.format === 'webp'
          ? await img.webp({ quality: 80, alphaQuality: 80, effort: 4, smartSubsample: true }).toBuffer()
          : await img.avif({ quality: 52, effort: 1 }).toBuffer();
      encoded.set(id, buf);
    }
    await writeFile(f.file, buf);
  }
  return [stale.length, files.length - stale.length];
}

function selected(keys: string[] | undefined): Artwork[] {
  if (!keys?.length) return artwork;
  const want = new Set(keys);
  const list = artwork.filter((a) => want.has(`${a.kind}/${a.key}`) || want.has(a.key));
  if (list.length === 0) throw new Error(`No artwork matches ${keys.join(', ')}`);
  return list;
}

/** Writes (or brings up to date) the raster artwork under `outDir`. */
export async function generateImages(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const list = selected(options.keys);
  const newest = Math.max(...(await Promise.all(SOURCES.map(mtime))).map((t) => t ?? 0));
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
        const [w, s] = await renderOne(art, options.outDir, newest, Boolean(options.force));
        written += w;
        skipped += s;
        options.onProgress?.(++finished, list.length, written);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  } finally {
    sharp.concurrency(previousThreads);
  }
  return { written, skipped, artworks: list.length, ms: Math.round(performance.now() - started) };
}
