/**
 * `npm start`: migrate and (first run) seed the database, serve store and API on one port, and
 * rebuild the site only when the catalogue or the code changed since the last build. The artwork
 * is not waited for: an image not drawn yet is drawn when it is first asked for, and the rest is
 * drawn in the background once the store is open.
 */
import { existsSync } from 'node:fs';
import { openDatabase } from '#server/db/client.ts';
import { startServer } from '#server/main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { drawInBackground, drawOnRequest } from './artwork/serve.ts';
import { config } from '#server/config.ts';
import { buildIfChanged } from './lib/site-build/build-site.ts';

const step = (text: string) => console.log(`▸ ${text}`);

step(config.databaseUrl ? 'Opening PostgreSQL (DATABASE_URL)…' : `Opening the embedded database in ${config.dataDir}…`);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const seeded = await seedIfEmpty(database.db);
if (seeded.seeded) step(`Seeded ${seeded.categories} categories, ${seeded.products} products and ${seeded.reviews} reviews.`);

const server = await startServer({
  database,
  port: config.port,
  host: config.host,
  distDir: config.distDir,
  images: drawOnRequest(config.artworkDir),
  operatorChannel: true, // npm run orders reaches the orders through it while the store holds the embedded database
});
const apiUrl = config.catalogApiUrl ?? server.url;
let drawing: ReturnType<typeof drawInBackground> | undefined;

const shutdown = async () => {
  drawing?.kill();
  await server.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

step(`Checking the site against the catalogue at ${apiUrl}…`);
try {
  const outcome = await buildIfChanged({ apiUrl, distDir: config.distDir, artworkDir: config.artworkDir });
  if (outcome.result) step(`Built ${outcome.result.pages.toLocaleString('en')} pages in ${outcome.result.seconds.toFixed(1)} s (${outcome.reason}).`);
  else step(`No build needed: ${outcome.reason}.`);
} catch (err) {
  console.error(`✗ ${(err as Error).message}`);
  if (!existsSync(config.distDir)) {
    console.error('✗ There is no earlier build to serve; stopping.');
    await server.close();
    await database.close();
    process.exit(1);
  }
  console.error('  Serving the previous build.');
}
console.log(`\n  Kiryana is open at http://${config.host === '127.0.0.1' ? 'localhost' : config.host}:${server.port}\n`);
drawing = drawInBackground(config.artworkDir);
