/** The runtime contract of DECISIONS.md, read in one place. */
import { join } from 'node:path';
import { ARTWORK_DIR, ROOT } from './site-build.ts';

export function runtimeConfig(env: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number(env.PORT || 4321),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    /** Embedded database folder (tests point it elsewhere). */
    dataDir: env.KIRYANA_DATA_DIR || join(ROOT, 'data/pglite'),
    distDir: env.KIRYANA_DIST_DIR || join(ROOT, 'dist'),
    /** Drawn artwork, linked into each build as /images (tests and benchmarks point it elsewhere). */
    artworkDir: env.KIRYANA_ARTWORK_DIR || ARTWORK_DIR,
    catalogApiUrl: env.CATALOG_API_URL || undefined,
  };
}

