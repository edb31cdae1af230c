/**
 * A store process being replaced lets its connections go without cutting a request
 * (RunningServer.drain): a request in progress is answered, with `Connection: close`; a kept-alive
 * connection's next request is answered the same way rather than finding its connection closed
 * under it; a connection left idle is closed; past the limit what is still busy is cut, and said.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './main.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases } from '#server/test/databases.ts';
import { get, hold } from '#server/test/raw-http.ts';
import { startHandedServer } from '#server/test/handed-server.ts';

describe('draining a store process', () => {
  let root: string;
  let handle: Awaited<ReturnType<(typeof testDatabases)[0]['open']>>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-drain-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    handle = await testDatabases[0].open();
    await seedIfEmpty(handle.db, fixtureCatalogue);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await handle?.close();
    await rm(root, { recursive: true, force: true });
  });

  const start = async () => (server = await startHandedServer({ distDir: join(root, 'dist'), database: handle }));

  it('answers the request in progress and the next on a kept-alive connection with Connection: close, closes the idle one, and ends with none cut', async () => {
    const { port, drain } = await start();
    const idle = await hold(port, '127.0.0.2');
    const busy = await hold(port, '127.0.0.3');
    const next = await hold(port, '127.0.0.4');
    for (const held of [idle, next]) expect(await get(held, '/api/health')).toBe('HTTP/1.1 200 OK');
    expect(idle.received()).toMatch(/\r\nConnection: keep-alive\r\n/i);

    // A placement whose body is on its way when the drain begins.
    const body = JSON.stringify({ items: [] });
    busy.socket.write(`POST /api/order/place HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((d) => setTimeout(d, 100));
    const drained = drain(10_000);
    // The kept-alive connection's next request, sent as the drain begins.
    const nextReply = get(next, '/api/products?limit=1');
    busy.socket.write(body.slice(5));

    expect(await nextReply).toBe('HTTP/1.1 200 OK');
    const busyReply = await busy.closed;
    expect(busyReply.split('\r\n', 1)[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(busyReply).toMatch(/\r\nConnection: close\r\n/i);
    expect(await next.closed).toMatch(/\r\nConnection: close\r\n/i);
    // The idle one is closed by the store, with nothing more sent on it.
    const idleBefore = idle.received();
    expect(await idle.closed).toBe(idleBefore);
    expect(await drained).toEqual({ cut: 0 });
  });

  it('cuts what is still busy at the limit, and says how many', async () => {
    const { port, drain } = await start();
    const endless = await hold(port, '127.0.0.5');
    endless.socket.write(`POST /api/order/place HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    await new Promise((d) => setTimeout(d, 100));
    expect(await drain(300)).toEqual({ cut: 1 });
    expect(await endless.closed).toBe('');
  });
});
