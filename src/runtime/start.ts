/**
 * `npm start`: migrate and (first run) seed the database, serve store and API on one port, and
 * rebuild the site only when the catalogue or the code changed since the last build. The artwork
 * is not waited for: an image not drawn yet is drawn when it is first asked for, and the rest is
 * drawn in the background once the store is open.
 *
 * The store runs in a worker process under a supervising primary that starts it again if it dies
 * (src/runtime/supervise.ts). With WORKERS=N (PostgreSQL only) N workers share the port:
 * the first (the lead) seeds, builds and draws the artwork; the others only serve, once it is ready.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { keepNewFilesPrivate } from '#server/db/private-folder.ts';
import { startServer } from '#server/main.ts';
import type { SiteOverlay } from '#server/static.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { drawInBackground, drawOnRequest, stopDrawing } from '#server/artwork/serve.ts';
import { config } from '#server/config.ts';
import { warmSalesInBackground } from '#server/desk/reports.ts';
import { buildIfChanged } from '#site-build/build-site.ts';
import { siteKeeper, type SiteKeeper, type SyncOutcome } from '#site-build/site-keeper.ts';
import { openAddress } from './open-address.ts';
import { backupNow, scheduleBackups, type BackupSettings } from '#server/backup/backup.ts';
import { log } from '#server/monitoring/log.ts';
import { countSiteBuild, countSiteBuildFailure, watchBackups } from '#server/monitoring/metrics.ts';
import { followOverlays, REFUSED_EXIT_CODE, reportFatal, shareOverlay, supervise, takeConnections, workerSlot, type WorkerMessage } from './supervise.ts';
import { pidFilePath, preparePidFolder, runFolder, writeRestarted } from './pid-file.ts';
import { DRAIN_LIMIT_MS } from '#server/main.ts';


/** Says why the store cannot start and exits so that the supervisor passes the refusal on. */
function refuse(err: unknown): never {
  log.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(REFUSED_EXIT_CODE);
}

/** What kills the process is told to the supervisor first, so its log says why. */
function reportDeaths() {
  const die = (err: unknown) => {
    log.fatal({ err }, err instanceof Error ? err.message : String(err));
    reportFatal(err);
    process.exit(1);
  };
  process.on('uncaughtException', die);
  process.on('unhandledRejection', die);
}

/** The stop, run once however many ask (a signal while a restart's drain ends, say). */
function once(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stop());
}

const step = (text: string) => log.info(`▸ ${text}`);
/** A failure, in the log as `✗ …`. */
const failed = (text: string) => log.error(`✗ ${text}`);

/** One line a round of the site keeper (and its build in the metrics). */
function reportSync({ built, reason, result, checkedSeconds }: SyncOutcome) {
  if (!result) return step(`No build needed: ${reason}.`);
  countSiteBuild(built === 'changed' ? 'changed' : 'full', result.seconds);
  const seconds = `${result.seconds.toFixed(1)} s`;
  const checked = checkedSeconds === undefined ? '' : `, found in ${checkedSeconds.toFixed(1)} s`;
  if (built === 'changed') step(`Rebuilt ${result.outcome.rendered.toLocaleString('en')} pages in ${seconds} (${reason}${checked}); the site is up to date.`);
  else step(`Built ${result.pages.toLocaleString('en')} pages in ${seconds} (${reason}).`);
}

/**
 * Serves the site and the API on the connections the primary hands over (it holds the port); when
 * it cannot, closes the database and refuses. Told to drain (a restart), lets its connections go
 * and then ends as on SIGTERM (`shutdown`).
 */
async function serve(database: DatabaseHandle, shutdown: () => Promise<void>, options: { operatorChannel?: boolean; backups?: BackupSettings } = {}) {
  // Every store process tells the age of the newest backup in its metrics.
  watchBackups(config.backupDir);
  const server = await startServer({
    database,
    port: config.port,
    host: config.host,
    listen: false,
    distDir: config.distDir,
    images: drawOnRequest(config.artworkDir),
    worker: workerSlot(),
    ...options,
  }).catch(async (err: unknown) => {
    await database.close();
    return refuse(err);
  });
  takeConnections(
    (socket) => server.adopt(socket),
    async () => {
      step(`Store process ${process.pid} is being replaced: answering the requests it has, taking no new ones…`);
      const { cut } = await server.drain();
      if (cut > 0) failed(`Store process ${process.pid} cut ${cut} connections still busy after ${DRAIN_LIMIT_MS / 1000} s.`);
      await shutdown();
    },
  );
  return server;
}

/** A worker beside the lead: serves the site the lead built and the API, on the same port. */
async function serveOnly() {
  reportDeaths();
  const database = await openDatabase({ url: config.databaseUrl, migrate: false }).catch(refuse);
  const shutdown = once(async () => {
    await server.close();
    await database.close();
    process.exit(0);
  });
  const server = await serve(database, shutdown);
  // The pages the lead rebuilds after a catalogue change are served here from the moment it does.
  followOverlays((overlay) => server.serveOverlay(overlay ? { dir: overlay.dir, gone: new Set(overlay.gone) } : undefined));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.send?.({ kind: 'ready' } satisfies WorkerMessage);
}

async function runStore() {
  reportDeaths();

  step(config.databaseUrl ? 'Opening PostgreSQL (DATABASE_URL)…' : `Opening the embedded database in ${config.dataDir}…`);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch(refuse);
  const seeded = await seedIfEmpty(database.db);
  if (seeded.seeded) step(`Seeded ${seeded.categories} categories, ${seeded.products} products, ${seeded.reviews} reviews and ${seeded.synonyms} search dictionary entries.`);

  // npm run orders (and backup, catalog, staff) reach the store through the operator channel while it holds the embedded database.
  const backups: BackupSettings = { dir: config.backupDir, keep: config.backupKeep, databaseUrl: config.databaseUrl };
  let drawing: ReturnType<typeof drawInBackground> | undefined;
  let keeper: SiteKeeper | undefined;
  let warming: ReturnType<typeof warmSalesInBackground> | undefined;
  let backupSchedule: ReturnType<typeof scheduleBackups> | undefined;
  const shutdown = once(async () => {
    backupSchedule?.stop();
    await Promise.all([drawing && stopDrawing(drawing), keeper?.stop(), warming?.stop()]);
    await server.close();
    await database.close();
    process.exit(0);
  });
  const server = await serve(database, shutdown, { operatorChannel: true, backups });
  step(`Store process ${process.pid} answers at ${server.url} (the primary holds the port).`);
  const apiUrl = config.catalogApiUrl ?? server.url;
  // The sales report's last closed days summed and kept now, not by the first report that asks.
  warming = warmSalesInBackground(database.db);

  // The lead backs the database up every BACKUP_EVERY hours by itself (src/server/backup/).
  backupSchedule = scheduleBackups(() => backupNow(database, backups), config.backupDir, config.backupEveryHours, (line) =>
    (line.startsWith('✗') ? console.error : console.log)(line),
  );
  if (config.backupEveryHours > 0) step(`Backups every ${config.backupEveryHours} h into ${config.backupDir} (the newest ${config.backupKeep} kept).`);

  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  step(`Checking the site against the catalogue at ${apiUrl}…`);
  // Built from this store's own catalogue, the site follows its changes as they are made; built
  // from another store's (CATALOG_API_URL), it is checked at start only.
  // The pages rebuilt after a change are served over the site here and, with WORKERS, by every
  // other store process, before they are moved in.
  const serveOverlay = async (overlay: SiteOverlay | undefined) => {
    server.serveOverlay(overlay);
    await shareOverlay(overlay ? { dir: overlay.dir, gone: [...overlay.gone] } : null);
  };
  keeper = config.catalogApiUrl
    ? undefined
    : siteKeeper({
        db: database.db,
        apiUrl,
        distDir: config.distDir,
        artworkDir: config.artworkDir,
        serveOverlay,
        log: (line) => log.info(line),
        onSynced: reportSync,
        onError: (err) => {
          countSiteBuildFailure();
          failed(err.message);
        },
      });
  try {
    if (keeper) await keeper.sync();
    else {
      const outcome = await buildIfChanged({ apiUrl, distDir: config.distDir, artworkDir: config.artworkDir, log: (line) => log.info(line) });
      reportSync({ built: outcome.result ? 'full' : 'nothing', reason: outcome.reason, result: outcome.result });
    }
  } catch (err) {
    countSiteBuildFailure();
    failed((err as Error).message);
    if (!existsSync(config.distDir)) {
      failed('There is no earlier build to serve; stopping.');
      await server.close();
      await database.close();
      process.exit(REFUSED_EXIT_CODE);
    }
    log.error('  Serving the previous build.');
  }
  await keeper?.watch();
  log.info(`\n  Kiryana is open at ${openAddress(config.host, server.port)}\n`);
  process.send?.({ kind: 'ready' } satisfies WorkerMessage);
  drawing = drawInBackground(config.artworkDir);
}

// Whatever the store writes (its database, the operator channel, backups) is its user's alone,
// whatever the umask it was started with (src/server/db/private-folder.ts).
keepNewFilesPrivate();
if (cluster.isPrimary) {
  if (config.workers > 1 && !config.databaseUrl) {
    log.error(
      `✗ WORKERS=${config.workers} needs PostgreSQL: the embedded database can be opened by one process only. Set DATABASE_URL to run several store processes, or leave WORKERS unset for one.`,
    );
    process.exit(REFUSED_EXIT_CODE);
  }
  // `npm run restart` finds the primary by its port (src/runtime/pid-file.ts).
  const pids = runFolder(config.dataDir);
  try {
    preparePidFolder(pids);
  } catch (err) {
    log.error(`✗ ${(err as Error).message}`);
    process.exit(REFUSED_EXIT_CODE);
  }
  // The primary tells the newest backup's age in the metrics it sums (monitoring/metrics.ts).
  watchBackups(config.backupDir);
  supervise(import.meta.filename, { workers: config.workers, port: config.port, host: config.host, pidFile: (port) => pidFilePath(pids, port),
    onRestarted: (port, seconds) => writeRestarted(pids, port, seconds),
  });
} else if (workerSlot() === 0) await runStore();
else await serveOnly();
