/**
 * `npm run build`: rebuild the static site from the catalogue. Reads CATALOG_API_URL when set,
 * else a store already running on PORT, else opens the database itself (DATABASE_URL or the
 * embedded one) and serves its API on a private port for the build. Exit 1 on failure, with
 * the previous dist/ left in place.
 */
import { openDatabase } from '#server/db/client.ts';
import { startServer } from '#server/main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { prepareArtwork } from '#server/artwork/prepare.ts';
import { config, localStoreUrl } from '#server/config.ts';
import { buildSite, fingerprint, type Fingerprint } from '#site-build/build-site.ts';

/** A store answering on this machine, with the fingerprint of a build from it. */
async function runningStore(): Promise<{ apiUrl: string; made: Fingerprint } | undefined> {
  const apiUrl = localStoreUrl();
  try {
    return { apiUrl, made: await fingerprint({ apiUrl }) };
  } catch {
    return undefined;
  }
}

await prepareArtwork(config.artworkDir);
const running = config.catalogApiUrl ? undefined : await runningStore();
let apiUrl = config.catalogApiUrl ?? running?.apiUrl;
let close = async () => {};
if (!apiUrl) {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedIfEmpty(database.db);
  const server = await startServer({ database, port: 0, host: '127.0.0.1', distDir: config.distDir });
  apiUrl = server.url;
  close = async () => {
    await server.close();
    await database.close();
  };
}
console.log(`▸ Building the site from ${apiUrl}…`);
try {
  const result = await buildSite({ apiUrl, distDir: config.distDir, artworkDir: config.artworkDir, fingerprint: running?.made });
  console.log(`▸ Built ${result.pages.toLocaleString('en')} pages in ${result.seconds.toFixed(1)} s into ${config.distDir}.`);
} catch (err) {
  console.error(`✗ ${(err as Error).message}`);
  console.error(`  ${config.distDir} was left as it was.`);
  process.exitCode = 1;
} finally {
  await close();
}
