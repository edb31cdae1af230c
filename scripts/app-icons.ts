/**
 * Draws the installed app's icons from the store's logo (public/images/logo.svg) into public/icons/,
 * where the web app manifest (public/manifest.webmanifest) names them. Run again when the logo
 * changes: `node scripts/app-icons.ts`; the PNGs are committed.
 *
 * - icon-192.png, icon-512.png ("any"): the logo on white, filling 80 % of the square.
 * - icon-maskable-512.png ("maskable"): the launcher crops it to its own shape, keeping at least
 *   the centre circle of 80 % of the width; the logo (its drawing: 72 % of its box) fills 68 % of the square, its corners inside that circle,
 *   on the brand's palest green (brand-50) to the edges.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROOT } from '#server/config.ts';

const WHITE = '#ffffff';
const BRAND_50 = '#f0fdf4';

async function icon(logo: Buffer, size: number, share: number, background: string, file: string) {
  const inner = Math.round(size * share);
  const drawn = await sharp(logo, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`${file} (${size} px)`);
}

const logo = await readFile(join(ROOT, 'public/images/logo.svg'));
const dir = join(ROOT, 'public/icons');
await mkdir(dir, { recursive: true });
await icon(logo, 192, 0.8, WHITE, join(dir, 'icon-192.png'));
await icon(logo, 512, 0.8, WHITE, join(dir, 'icon-512.png'));
await icon(logo, 512, 0.68, BRAND_50, join(dir, 'icon-maskable-512.png'));
