/**
 * Artwork while the store runs, so that it need not draw everything before it opens:
 * - `drawOnRequest(dir)` is the server's image source: an artwork file asked for under /images/
 *   is served from the artwork cache, drawn first (and kept there) when it is missing or older
 *   than the artwork's sources. A path that names no artwork gets null (the server's 404).
 * - `drawInBackground(dir)` draws the rest in a child process at the lowest CPU priority, so
 *   that requests keep the processor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { IMAGE_KINDS, type ImageKindName } from '#lib/images.ts';
import type { ImageSource } from '#server/static.ts';
import { isCurrent, renderImage, sourcesChangedAt, writeAtomically, type ImageFormat } from './render.ts';
import { findArtwork, type Artwork } from './table.ts';

const ARTWORK_PATH = /^\/images\/([a-z-]+)\/([a-z0-9-]+)\.(avif|webp)$/;

export interface RequestedImage {
  art: Artwork;
  /** The file's path under the artwork directory: `{kind}/{name}.{format}`. */
  file: string;
  width: number;
  format: ImageFormat;
}

/**
 * The artwork file a URL path names: `/images/{kind}/{key}.webp` (the largest width) or
 * `/images/{kind}/{key}-{width}.{avif|webp}` for one of the kind's widths; undefined otherwise.
 */
export function requestedImage(urlPath: string): RequestedImage | undefined {
  const m = ARTWORK_PATH.exec(urlPath);
  if (!m || !Object.hasOwn(IMAGE_KINDS, m[1])) return undefined;
  const kindName = m[1] as ImageKindName;
  const kind = IMAGE_KINDS[kindName];
  const [name, format] = [m[2], m[3] as ImageFormat];
  const file = join(kindName, `${name}.${format}`);
  const whole = format === 'webp' ? findArtwork(kindName, name) : undefined;
  if (whole) return { art: whole, file, width: kind.width, format };
  const sized = /^(.+)-(\d+)$/.exec(name);
  const width = Number(sized?.[2]);
  const art = sized && (kind.widths as readonly number[]).includes(width) ? findArtwork(kindName, sized[1]) : undefined;
  return art ? { art, file, width, format } : undefined;
}

/** Runs at most `limit` jobs at a time, the rest in order of arrival. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** The server's image source for artwork kept in `dir`; at most `concurrency` drawings at a time. */
export function drawOnRequest(dir: string, { concurrency = 2 } = {}): ImageSource {
  let changedAt: Promise<number> | undefined;
  const drawing = new Map<string, Promise<string>>();
  const limit = limiter(concurrency);
  return async (urlPath) => {
    const wanted = requestedImage(urlPath);
    if (!wanted) return null;
    const file = join(dir, wanted.file);
    changedAt ??= sourcesChangedAt();
    if (await isCurrent(file, await changedAt)) return file;
    let pending = drawing.get(file);
    if (!pending) {
      pending = limit(async () => {
        await writeAtomically(file, await renderImage(wanted.art, wanted.width, wanted.format));
        return file;
      }).finally(() => drawing.delete(file));
      drawing.set(file, pending);
    }
    return pending;
  };
}

/**
 * Draws every artwork file that is missing or out of date into `dir`, in a child process at
 * the lowest priority. It prints one line when it drew something; stop it with `stopDrawing`.
 */
export function drawInBackground(dir: string): ChildProcess {
  const script = join(import.meta.dirname, 'draw.ts');
  // An IPC channel the child watches: if the store dies (even by SIGKILL), the drawing stops too,
  // instead of going on beside the store that the supervisor starts in its place.
  const child = spawn(process.execPath, [script, '--out', dir, '--quiet'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

  if (child.pid) {
    try {
      setPriority(child.pid, 19);
    } catch {
      // Not allowed here: it still runs, at normal priority.
    }
  }
  return child;
}

/**
 * Stops a background drawing and resolves once its process is gone, so that a store that has
 * stopped leaves no drawing writing into the artwork cache behind it. A drawing that has not
 * gone `graceMs` after SIGTERM is killed.
 */
export async function stopDrawing(child: ChildProcess, { graceMs = 5_000 } = {}): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}
