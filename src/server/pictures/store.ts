/**
 * Where uploaded pictures live and how they get there: `<pictures dir>/<kind>/up-*` (config.ts:
 * PICTURES_DIR, or `pictures/` beside the database's folder), beside the data rather than in the
 * built site, so they survive every rebuild and restart; the site build links them into each
 * build's `images/` (site-build/build-site.ts) so the built site is whole for a CDN.
 *
 * Pictures are made one at a time (a queue): encoding is CPU work, and a crowd of uploads must not
 * take the cores the shop's pages and API need. Each file is written through a temporary file and
 * a rename, the catalogue's URL last, so a reader never sees half a picture.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '#server/artwork/render.ts';
import { imageUrl } from '#lib/images.ts';
import { PICTURE_TEXT } from '#lib/pictures.ts';
import { PictureError, processPicture, type PictureKind } from './process.ts';

export interface StoredPicture {
  /** The catalogue's URL: `/images/<kind>/up-<hash>.webp`. */
  image: string;
  bytes: number;
  width: number;
  height: number;
}

export interface PictureStore {
  dir: string;
  /** Makes and stores the upload; throws PictureError for a refused one. */
  save(bytes: Buffer, kind: PictureKind): Promise<StoredPicture>;
}

/** How many pictures are made at once. */
export const PICTURES_AT_ONCE = 1;

/**
 * How many uploads may wait for their turn: each holds its file (up to 10 MB) in memory meanwhile,
 * so past this the upload is refused (503, try again) rather than queued without end.
 */
export const PICTURES_WAITING = 8;

/** A queue that runs at most `slots` jobs at a time, the others (at most `most`) waiting in order. */
export function queue(slots: number, most = Number.POSITIVE_INFINITY, full: () => Error = () => new Error('The queue is full.')) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= slots && waiting.length >= most) throw full();
    if (running >= slots) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const exists = (file: string) => stat(file).then((s) => s.isFile(), () => false);

export function pictureStore(dir: string): PictureStore {
  const inTurn = queue(PICTURES_AT_ONCE, PICTURES_WAITING, () => new PictureError(503, PICTURE_TEXT.busy));
  return {
    dir,
    save: (bytes, kind) =>
      inTurn(async () => {
        const made = await processPicture(bytes, kind);
        const folder = join(dir, kind);
        // The same photo again: its files are there already.
        if (!(await exists(join(folder, `${made.key}.webp`)))) {
          for (const file of made.files) await writeAtomically(join(folder, file.name), file.data);
        }
        return { image: imageUrl(kind, made.key), bytes: bytes.length, width: made.width, height: made.height };
      }),
  };
}
