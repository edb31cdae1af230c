/**
 * The store as the e2e tests meet it: a fresh embedded database and dist in .cache/e2e, then the
 * ordinary start script (seed, serve, build; artwork drawn on request and in the background).
 * The environment is set before anything imports src/server/config.ts, which reads it once.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../.cache/e2e', import.meta.url));
await rm(dir, { recursive: true, force: true });
process.env.KIRYANA_DATA_DIR = join(dir, 'pglite');
process.env.KIRYANA_DIST_DIR = join(dir, 'dist');
process.env.SITE_URL ??= `http://127.0.0.1:${process.env.PORT}`;
await import('./start.ts');
