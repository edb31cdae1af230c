/**
 * Renders the catalogue artwork (src/server/seed/artwork.ts) into .cache/artwork, which every
 * build links into dist/images. Usage: node scripts/images.ts [--out DIR] [--force] [key ...]
 * Incremental: files newer than the artwork table are kept.
 */
import path from 'node:path';
import { generateImages } from '../src/server/seed/render-artwork.ts';
import { ARTWORK_DIR } from '#server/config.ts';

const args = process.argv.slice(2);
let outDir = ARTWORK_DIR;
let force = false;
const keys: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--out') outDir = args[++i] ?? outDir;
  else if (a.startsWith('--out=')) outDir = a.slice(6);
  else if (a === '--force') force = true;
  else keys.push(a);
}

const result = await generateImages({ outDir: path.resolve(outDir), keys, force });
console.log(
  `images: ${result.written} written, ${result.skipped} skipped, ${result.artworks} artworks in ${(result.ms / 1000).toFixed(1)}s -> ${outDir}`,
);
