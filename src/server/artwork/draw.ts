/**
 * Draws the catalogue artwork into the artwork cache (.cache/artwork, or KIRYANA_ARTWORK_DIR), which
 * every build links into dist/images. Run as `node scripts/images.ts [--out DIR] [--force] [--quiet]
 * [key ...]`, and by the store, in a child process, for its background drawing (serve.ts).
 * Incremental: files drawn after the artwork's sources last changed are kept. `--quiet` (the
 * store's background drawing) prints a line when it starts drawing and one when it is done,
 * and nothing when everything was up to date. One background drawing at a time fills a cache:
 * a second store started on the same machine (the e2e tests run two) leaves the drawing to the
 * one already at it, and draws on request only what is asked before that one has drawn it.
 */
import { log } from '#server/monitoring/log.ts';
import path from 'node:path';
import { generateImages } from './render.ts';
import { config } from '#server/config.ts';
import { DatabaseLockedError, lockDataDir } from '#server/db/data-dir-lock.ts';

// Started by the store with an IPC channel (serve.ts): when the store dies, so does its drawing,
// also when it died while the modules above were loading (the channel has closed by now, and its
// 'disconnect' was told to no one).
if (process.send) {
  if (!process.connected) process.exit(0);
  process.channel?.unref();
  process.once('disconnect', () => process.exit(0));
}

const args = process.argv.slice(2);
let outDir = config.artworkDir;
let force = false;
let quiet = false;
const keys: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--out') outDir = args[++i] ?? outDir;
  else if (a.startsWith('--out=')) outDir = a.slice(6);
  else if (a === '--force') force = true;
  else if (a === '--quiet') quiet = true;
  else keys.push(a);
}

// The lock is a file beside the cache (`<cache>-drawing.lock`), not in it: the cache is linked into the site.
if (quiet) {
  try {
    lockDataDir(`${path.resolve(outDir)}-drawing`);
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    process.exit(0);
  }
}

let announced = false;
const result = await generateImages({
  outDir: path.resolve(outDir),
  keys,
  force,
  onProgress(_done, total, written) {
    if (quiet && written > 0 && !announced) {
      announced = true;
      log.info(`▸ Drawing the artwork not drawn yet in the background (${total} artworks; a picture asked for is drawn at once)…`);
    }
  },
});
if (!quiet || result.written > 0 || result.removed > 0) {
  const removed = result.removed ? `, ${result.removed} old files removed` : '';
  log.info(
    `images: ${result.written} written, ${result.skipped} skipped${removed}, ${result.artworks} artworks in ${(result.ms / 1000).toFixed(1)}s -> ${outDir}`,
  );
}
