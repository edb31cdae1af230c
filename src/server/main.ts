/**
 * One Node process serving the static site (`dist/`) and the API (`/api/*`) on one port.
 *
 *   const server = await startServer({ port: 0, distDir: 'dist' });
 *   console.log(server.url); ... await server.close();
 *
 * Pass `database` to serve an already opened (and seeded) database; otherwise one is opened from
 * `databaseUrl` (PostgreSQL) or `dataDir` (embedded PGlite) and closed with the server.
 * Port and host default to config.ts's defaults.
 */
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { config, connectionLimits, DEFAULT_HOST, DEFAULT_PORT } from './config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { staticHandler, type ImageSource, type SiteOverlay } from './static.ts';
import { newOperatorKey, publishChannel } from '#server/operator-channel.ts';
import { picturesHandler } from '#server/pictures/serve.ts';
import { backupNow, type BackupSettings } from '#server/backup/backup.ts';
import { observed } from '#server/monitoring/requests.ts';
import { capConnectionsPerClient } from '#server/limits/connections.ts';

export interface StartServerOptions {
  port?: number;
  host?: string;
  /** The built site; resolved per request, so swapping the directory needs no restart. */
  distDir: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Where uploaded pictures are kept and served from (default PICTURES_DIR, config.ts). */
  picturesDir?: string;
  /** An open database to serve; the caller keeps ownership (close() leaves it open). */
  database?: DatabaseHandle;
  /** Asked first for paths under /images/ (artwork drawn on request); default: the built site only. */
  images?: ImageSource;
  /**
   * On the embedded database, publish the operator channel (`operator.json` in the data folder, see
   * src/server/operator-channel.ts) so `npm run orders` works while the store runs.
   */
  operatorChannel?: boolean;
  /** Which of `npm start`'s processes this is (WORKERS), reported by /api/health. */
  worker?: number;
  /** Where and how the operator channel's POST /backup backs the database up (unset: refused). */
  backups?: BackupSettings;
  /** The key a metrics scraper may send from another machine (default METRICS_KEY). */
  metricsKey?: string;
  /** The longest a client may take to send a whole request (REQUEST_TIMEOUT_SECONDS, config.ts). */
  requestTimeoutMs?: number;
  /** Open connections one client address may hold (CONNECTIONS_PER_CLIENT; 0: no cap). */
  connectionsPerClient?: number;
  /**
   * `false`: listen on nothing; the connections come from `npm start`'s primary, which holds the
   * port (`port` is then the one it listens on) and hands them over one by one (`adopt`).
   */
  listen?: boolean;
}

export interface RunningServer {
  port: number;
  host: string;
  url: string;
  database: DatabaseHandle;
  /** Serves these files over the built site until called again (undefined: the site alone). */
  serveOverlay(overlay: SiteOverlay | undefined): void;
  /** Serves a connection the primary accepted (`listen: false`). */
  adopt(socket: Socket): void;
  /**
   * Lets every connection go without cutting a request: no more are taken, every reply from now
   * on carries `Connection: close`, a connection idle for DRAIN_IDLE_MS is closed; resolves when
   * none is left, or after `limitMs` with the ones still open cut. The database stays open.
   */
  drain(limitMs?: number): Promise<{ cut: number }>;
  /** Closes at once: open connections cut, the database closed if the server opened it. */
  close(): Promise<void>;
}

/**
 * While draining, a connection idle this long is closed. A kept-alive connection under load is idle
 * for a moment between a reply and its next request: that request gets its reply, with
 * `Connection: close`, rather than a connection closed under it. One idle longer is a client that
 * keeps a connection for later (a browser), which sees it closed as after any idle timeout.
 */
export const DRAIN_IDLE_MS = 1000;

/** The longest a drain waits for the requests in progress (a backup through the operator channel can take a minute). */
export const DRAIN_LIMIT_MS = 90_000;

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default closes a socket just as a
 * client (a browser, a test's request context, a load balancer with a 60 s idle timeout) sends its
 * next request on it, which then fails with ECONNRESET. The server must outlast its clients.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The bounds of one request (Node's http server options): a client must send its headers and its
 * whole body within `requestTimeoutMs` of its first byte, or it is answered 408 and disconnected
 * (Node's own default holds a trickled body for 300 s). The headers' bound is the same, or 66 s
 * when that is shorter (Node wants it no longer than the request's). An idle kept-alive connection
 * is no request: it keeps its KEEP_ALIVE_MS. Node checks the bounds every
 * `connectionsCheckingInterval`: a quarter of the bound, so a request is closed at most that late.
 */
export function requestBounds(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(KEEP_ALIVE_MS + 1000, requestTimeoutMs),
    connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeoutMs / 4))),
  };
}

/**
 * The path of a request's URL as @hono/node-server makes it (`scheme://host/path?query`, dot
 * segments already resolved): what `new URL(url).pathname` gives, without parsing the whole URL
 * on every request.
 */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  let end = url.length;
  for (const mark of ['?', '#']) {
    const at = url.indexOf(mark, start);
    if (at >= 0 && at < end) end = at;
  }
  return url.slice(start, end);
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir }));
  const channelDir = options.operatorChannel && database.kind === 'pglite' && !database.location.startsWith('memory://') ? database.location : undefined;
  const operatorKey = channelDir ? newOperatorKey() : undefined;
  const picturesDir = resolve(options.picturesDir ?? config.picturesDir);
  const distDir = resolve(options.distDir);
  const api = createApp({
    db: database.db,
    counters: database.counters,
    kind: database.kind,
    operatorKey,
    worker: options.worker,
    siteDir: () => distDir,
    picturesDir,
    metricsKey: options.metricsKey,
    backup: options.backups && (() => backupNow(database, options.backups!)),
  });
  let overlay: SiteOverlay | undefined;
  const site = staticHandler(() => distDir, options.images, () => overlay);
  const pictures = picturesHandler(picturesDir);

  // `env` carries the Node request (the client's address: the operator routes answer loopback only).
  const fetch = (request: Request, env?: unknown) => {
    const path = pathOf(request.url);
    if (path === '/api' || path.startsWith('/api/')) return api.fetch(request, env);
    // Uploaded pictures come from beside the data (pictures/serve.ts), the rest from the site.
    if (path.startsWith('/images/')) return observed(request, env, '(images)', () => pictures(request, path).then((found) => found ?? site(request)));
    return observed(request, env, '(site)', () => site(request));
  };

  const listen = options.listen ?? true;
  const server: ServerType = createAdaptorServer({ fetch, hostname: host, serverOptions: requestBounds(options.requestTimeoutMs ?? connectionLimits.requestTimeoutMs) });
  if (listen) {
    try {
      await new Promise<void>((done, failed) => {
        server.once('error', failed);
        server.listen(options.port ?? DEFAULT_PORT, host, () => {
          server.off('error', failed);
          done();
        });
      });
    } catch (err) {
      if (ownsDatabase) await database.close();
      throw err;
    }
  } else {
    // Node's http server starts bounding its requests (requestTimeout, headersTimeout) when it
    // begins listening; a server fed its connections by the primary never does, so it is told.
    server.emit('listening');
  }
  (server as { keepAliveTimeout?: number }).keepAliveTimeout = KEEP_ALIVE_MS;
  capConnectionsPerClient(server, options.connectionsPerClient ?? connectionLimits.connectionsPerClient);
  const connections = trackConnections(server as Server);
  const port = listen ? (server.address() as AddressInfo).port : (options.port ?? DEFAULT_PORT);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  // The channel is reached over loopback: a store on a wildcard address answers there too.
  const loopback = host === '0.0.0.0' || host === '127.0.0.1' || host === 'localhost' ? '127.0.0.1' : host === '::' || host === '::1' ? '[::1]' : undefined;
  let closeChannel = () => {};
  try {
    if (channelDir && operatorKey && loopback) closeChannel = publishChannel(channelDir, { url: `http://${loopback}:${port}`, key: operatorKey });
  } catch (err) {
    // A channel file the store cannot trust: it does not serve (start.ts says why).
    await new Promise<void>((done) => server.close(() => done()));
    if (ownsDatabase) await database.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    port,
    host,
    url: `http://${shownHost}:${port}`,
    database,
    serveOverlay(next) {
      overlay = next;
    },
    adopt(socket) {
      server.emit('connection', socket);
      socket.resume();
    },
    drain: (limitMs = DRAIN_LIMIT_MS) => {
      // No new connections (net's close: http's would also cut the idle ones at once).
      if (listen) NetServer.prototype.close.call(server);
      return connections.drain(limitMs);
    },
    close() {
      closing ??= (async () => {
        closeChannel();
        await new Promise<void>((done) => {
          server.close(() => done());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await api.settled(); // mails handed over before the close still go out
        if (ownsDatabase) await database.close();
      })();
      return closing;
    },
  };
}

type Server = import('node:http').Server;

/**
 * The server's connections, each with whether a request is in progress on it and since when it is
 * idle; and the drain that lets them go (RunningServer.drain).
 */
function trackConnections(server: Server) {
  const open = new Map<Socket, { replies: Set<ServerResponse>; idleSince: number }>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    // Refused by the per-client cap (a listener before this one): never served.
    if (socket.destroyed) return;
    open.set(socket, { replies: new Set(), idleSince: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = open.get(request.socket);
    if (draining) response.setHeader('Connection', 'close');
    if (!state) return;
    state.replies.add(response);
    response.once('close', () => {
      state.replies.delete(response);
      state.idleSince = Date.now();
    });
  });
  return {
    drain(limitMs: number): Promise<{ cut: number }> {
      draining = true;
      // A reply still to begin says so too (one already under way ends keep-alive; its connection is then idle).
      for (const { replies } of open.values()) for (const reply of replies) if (!reply.headersSent) reply.setHeader('Connection', 'close');
      const deadline = Date.now() + limitMs;
      return new Promise((done) => {
        const look = () => {
          const now = Date.now();
          for (const [socket, state] of open) if (state.replies.size === 0 && now - state.idleSince >= DRAIN_IDLE_MS) socket.destroy();
          if (open.size === 0) return done({ cut: 0 });
          if (now >= deadline) {
            const cut = open.size;
            for (const socket of open.keys()) socket.destroy();
            return done({ cut });
          }
          setTimeout(look, 50);
        };
        look();
      });
    },
  };
}
