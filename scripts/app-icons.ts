/**
 * Draws the installed app's icons from the store's logo (public/images/logo.svg) into public/icons/,
 * where the web app manifest (public/manifest.webmanifest) names them, and the two icons asked for
 * at fixed addresses into public/ (the head of every page links them too). Run again when the logo
 * changes: `node scripts/app-icons.ts`; the files are committed.
 *
 * - icon-192.png, icon-512.png ("any"): the logo on white, filling 80 % of the square.
 * - icon-maskable-512.png ("maskable"): the launcher crops it to its own shape, keeping at least
 *   the centre circle of 80 % of the width; the logo (its drawing: 72 % of its box) fills 68 % of the square, its corners inside that circle,
 *   on the brand's palest green (brand-50) to the edges.
 * - public/apple-touch-icon.png (180 px): what iOS puts on the home screen and shows for a bookmark;
 *   the logo on white like icon-192 (iOS fills what is transparent with black and rounds the corners
 *   itself).
 * - public/favicon.ico (16, 32 and 48 px): for what asks for /favicon.ico without reading the page
 *   (older browsers, feed readers, bookmarks); each size is a PNG inside the ICO container.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROOT } from '#server/config.ts';

const WHITE = '#ffffff';
const BRAND_50 = '#f0fdf4';

async function square(logo: Buffer, size: number, share: number, background: string): Promise<Buffer> {
  const inner = Math.round(size * share);
  const drawn = await sharp(logo, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner).png().toBuffer();
  return await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function icon(logo: Buffer, size: number, share: number, background: string, file: string) {
  await writeFile(file, await square(logo, size, share, background));
  console.log(`${file} (${size} px)`);
}

/**
 * An ICO file holding PNG images (read by every browser since 2007): a 6-byte header, a 16-byte
 * entry per image (width, height, colours 0, planes 1, 32 bits, byte size, offset), then the PNGs.
 */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const logo = await readFile(join(ROOT, 'public/images/logo.svg'));
const dir = join(ROOT, 'public/icons');
await mkdir(dir, { recursive: true });
await icon(logo, 192, 0.8, WHITE, join(dir, 'icon-192.png'));
await icon(logo, 512, 0.8, WHITE, join(dir, 'icon-512.png'));
await icon(logo, 512, 0.68, BRAND_50, join(dir, 'icon-maskable-512.png'));
await icon(logo, 180, 0.8, WHITE, join(ROOT, 'public/apple-touch-icon.png'));
const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await square(logo, size, 0.9, WHITE) })));
await writeFile(join(ROOT, 'public/favicon.ico'), ico(small));
console.log(`${join(ROOT, 'public/favicon.ico')} (${small.map((s) => s.size).join(', ')} px)`);
