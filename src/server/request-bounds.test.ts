/**
 * What one client may hold of a real store on a socket: a request (headers and body) must arrive
 * whole within its bound, however slowly its bytes trickle in, or it is answered 408 and closed;
 * and one client address holds at most its cap of connections, the next refused at once, while
 * every other address is served as before. The bound is set to 1 s here so the test runs in
 * about that; the store's own is REQUEST_TIMEOUT_SECONDS (30 s). Both hold for a server that listens
 * and for one fed its connections by `npm start`'s primary (as every store process is).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestBounds, startServer, type RunningServer } from './main.ts';
import { connectionLimits, DEFAULT_CONNECTIONS_PER_CLIENT } from './config.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases } from '#server/test/databases.ts';
import { get, hold, type Held } from '#server/test/raw-http.ts';
import { startHandedServer } from '#server/test/handed-server.ts';

describe.each([{ mode: 'listening' }, { mode: 'handed its connections' }])('one client cannot hold the store ($mode)', ({ mode }) => {
  let root: string;
  let server: Pick<RunningServer, 'port' | 'close'>;
  let handle: Awaited<ReturnType<(typeof testDatabases)[0]['open']>>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-bounds-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    handle = await testDatabases[0].open();
    await seedIfEmpty(handle.db, fixtureCatalogue);
    // The cap is the store's own (CONNECTIONS_PER_CLIENT's default); only the request's bound is shortened.
    const options = { distDir: join(root, 'dist'), database: handle, requestTimeoutMs: 1000 };
    server = mode === 'listening' ? await startServer({ ...options, port: 0 }) : await startHandedServer(options);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('the store bounds a request at 30 s and caps 64 connections a client unless told otherwise', () => {
    expect(connectionLimits).toEqual({ requestTimeoutMs: 30_000, connectionsPerClient: DEFAULT_CONNECTIONS_PER_CLIENT });
    expect(DEFAULT_CONNECTIONS_PER_CLIENT).toBe(64);
    expect(requestBounds(30_000)).toEqual({ requestTimeout: 30_000, headersTimeout: 30_000, connectionsCheckingInterval: 7500 });
  });

  it('100 connections trickling their bodies a byte at a time are answered 408 and closed at the bound; the store answers others meanwhile', async () => {
    const body = JSON.stringify({ items: [], paymentMethod: 'COD' }).padEnd(2000, ' ');
    const trickling = await Promise.all(Array.from({ length: 100 }, (_, i) => hold(server.port, `127.0.1.${i + 1}`)));
    const timers = trickling.map(({ socket }) => {
      socket.write(`POST /api/order/place HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      let sent = 0;
      // One byte of the body every 50 ms: never idle, never done (it would take 100 s).
      const timer = setInterval(() => {
        if (!socket.destroyed && sent < body.length) socket.write(body[sent++]!);
      }, 50);
      socket.once('close', () => clearInterval(timer));
      return timer;
    });
    try {
      const other = await hold(server.port, '127.0.0.9');
      expect(await get(other, '/api/health')).toBe('HTTP/1.1 200 OK');
      other.socket.destroy();
      const replies = await Promise.all(trickling.map((held) => held.closed));
      for (const reply of replies) expect(reply.split('\r\n', 1)[0]).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      timers.forEach(clearInterval);
      trickling.forEach(({ socket }) => socket.destroy());
    }
  });

  it('a client over the cap is refused at once while another address still gets 200; a freed place is taken again', async () => {
    const cap = DEFAULT_CONNECTIONS_PER_CLIENT;
    const held: Held[] = [];
    try {
      // Each answered once: the store has counted every one of them.
      for (let i = 0; i < cap; i++) {
        const connection = await hold(server.port, '127.0.0.2');
        held.push(connection);
        expect(await get(connection, '/api/health')).toBe('HTTP/1.1 200 OK');
      }
      const over = await hold(server.port, '127.0.0.2');
      expect(await get(over, '/api/health')).toBeUndefined();
      expect(await over.closed).toBe('');

      const other = await hold(server.port, '127.0.0.3');
      expect(await get(other, '/api/health')).toBe('HTTP/1.1 200 OK');
      other.socket.destroy();
      // The ones kept are served still.
      expect(await get(held[0]!, '/api/health')).toBe('HTTP/1.1 200 OK');

      held.shift()!.socket.end();
      // Once the store has seen that one close, the client may open another.
      await vi.waitFor(
        async () => {
          const again = await hold(server.port, '127.0.0.2');
          held.push(again);
          expect(await get(again, '/api/health')).toBe('HTTP/1.1 200 OK');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      held.forEach(({ socket }) => socket.destroy());
    }
  });
});
