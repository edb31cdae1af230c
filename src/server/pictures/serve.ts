/**
 * Serves the uploaded pictures at `/images/<kind>/up-*` from the pictures folder (store.ts), before
 * the built site: a picture uploaded a moment ago is shown at once, without waiting for a build.
 * Their names are their content's hash, so they are cached for a year (`immutable`).
 *
 * Only names the store makes are answered (`up-` + 16 hex, an optional width, `.webp` or `.avif`),
 * matched on the raw path: `..`, encoded slashes, NUL bytes or anything else never reach the disk
 * here (they fall through to the site, which refuses them too). No folder is ever listed.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileResponse, IMMUTABLE } from '#server/static.ts';

const PICTURE_PATH = /^\/images\/(products|categories)\/(up-[0-9a-f]{16}(?:-[0-9]{2,4})?\.(?:webp|avif))$/;

/** The picture a GET or HEAD asks for, or null when the path is not an uploaded picture's or has no file. */
export function picturesHandler(dir: string) {
  return async (request: Request, path: string): Promise<Response | null> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const match = PICTURE_PATH.exec(path);
    if (!match) return null;
    const file = join(dir, match[1], match[2]);
    const stats = await stat(file).catch(() => null);
    return stats?.isFile() ? fileResponse(file, stats, 200, IMMUTABLE, request) : null;
  };
}
