/**
 * An uploaded picture made into the store's artwork: the real type read from the bytes (JPEG, PNG or
 * WebP only: an SVG, an HTML page or a GIF named .jpg is refused however it is labelled), turned
 * upright by its EXIF orientation, fitted whole on white into its kind's frame (IMAGE_KINDS), and
 * encoded at every width in WebP and AVIF the way the drawn artwork is (artwork/render.ts). Nothing
 * of the original's metadata (camera, GPS position, time) is kept: sharp writes none unless asked.
 *
 * A picture's name is its content's: the first 16 hex of the SHA-256 of its largest WebP, so the same
 * photo uploaded twice is one picture.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_KINDS } from '#lib/images.ts';
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, PICTURE_TEXT, type PictureKind } from '#lib/pictures.ts';
import { encode, type Raster } from '#server/artwork/render.ts';

export { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, PICTURE_KINDS, PICTURE_TEXT, type PictureKind } from '#lib/pictures.ts';

/** A refusal in the editor's words, with the status the route answers. */
export class PictureError extends Error {
  readonly status: 400 | 413 | 415 | 503;
  constructor(status: 400 | 413 | 415 | 503, message: string) {
    super(message);
    this.name = 'PictureError';
    this.status = status;
  }
}

export type PictureFormat = 'jpeg' | 'png' | 'webp';

/** The type the bytes themselves say (their magic numbers), or null for anything else. */
export function sniffFormat(bytes: Uint8Array): PictureFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export interface PictureFile {
  /** The file's name in its kind's folder: `up-<hash>.webp`, `up-<hash>-<w>.webp`, `up-<hash>-<w>.avif`. */
  name: string;
  data: Buffer;
}

export interface ProcessedPicture {
  key: string;
  files: PictureFile[];
  /** The upload's own size, upright. */
  width: number;
  height: number;
}

/** The picture in its kind's largest frame: upright, fitted whole on white, without alpha. */
async function framed(bytes: Buffer, width: number, height: number): Promise<Raster> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PICTURE_PIXELS, autoOrient: true })
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels as Raster['info']['channels'] } };
}

/** A smaller width from the framed picture (decoded once, however many widths). */
async function smaller(largest: Raster, width: number, height: number): Promise<Raster> {
  const { data, info } = await sharp(largest.data, { raw: largest.info }).resize(width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels as Raster['info']['channels'] } };
}

/** The bytes of an upload made into its kind's files; throws PictureError for anything refused. */
export async function processPicture(bytes: Buffer, kind: PictureKind): Promise<ProcessedPicture> {
  if (bytes.length === 0) throw new PictureError(400, PICTURE_TEXT.unreadable);
  if (bytes.length > MAX_PICTURE_BYTES) throw new PictureError(413, PICTURE_TEXT.tooLarge);
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw new PictureError(415, PICTURE_TEXT.type);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false, autoOrient: true }).metadata();
  } catch {
    throw new PictureError(400, PICTURE_TEXT.unreadable);
  }
  if (meta.format !== sniffed) throw new PictureError(415, PICTURE_TEXT.type);
  if (!meta.width || !meta.height) throw new PictureError(400, PICTURE_TEXT.unreadable);
  // Read from the header alone: a bomb is refused before a pixel of it is decoded.
  if (meta.width * meta.height > MAX_PICTURE_PIXELS) throw new PictureError(413, PICTURE_TEXT.tooManyPixels);
  const frame = IMAGE_KINDS[kind];
  const encoded: { width: number; webp: Buffer; avif: Buffer }[] = [];
  try {
    const largest = await framed(bytes, frame.width, frame.height);
    for (const width of frame.widths) {
      const height = Math.round((frame.height * width) / frame.width);
      const made = width === frame.width ? largest : await smaller(largest, width, height);
      encoded.push({ width, webp: await encode(made, 'webp'), avif: await encode(made, 'avif') });
    }
  } catch {
    throw new PictureError(400, PICTURE_TEXT.unreadable);
  }
  const biggest = encoded[encoded.length - 1];
  const key = `up-${createHash('sha256').update(biggest.webp).digest('hex').slice(0, 16)}`;
  const files: PictureFile[] = encoded.flatMap((e) => [
    { name: `${key}-${e.width}.webp`, data: e.webp },
    { name: `${key}-${e.width}.avif`, data: e.avif },
  ]);
  // The catalogue's URL last: once it is there, every width is.
  files.push({ name: `${key}.webp`, data: biggest.webp });
  return { key, files, width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}
