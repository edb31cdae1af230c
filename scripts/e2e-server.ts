/**
 * The store as the e2e tests meet it: a fresh embedded database and dist in .cache/e2e, then the
 * ordinary start script (seed, serve, build; artwork drawn on request and in the background).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './lib/site-build.ts';

const dir = join(ROOT, '.cache/e2e');
await rm(dir, { recursive: true, force: true });
process.env.KIRYANA_DATA_DIR = join(dir, 'pglite');
process.env.KIRYANA_DIST_DIR = join(dir, 'dist');
process.env.SITE_URL ??= `http://127.0.0.1:${process.env.PORT}`;
await import('./start.ts');
