/**
 * Bodies are bounded while they stream in: a real store on a socket is sent bodies far past the
 * limit (chunked with no length, with an honest length, with a lying one, deeply nested JSON) and
 * must refuse each early, with a 413 or 400 in words, and go on answering everyone else.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './main.ts';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH, jsonDepth } from './http/body.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases } from '#server/test/databases.ts';

const MB = 1024 * 1024;

interface Sent {
  status: number;
  body: string;
  /** Bytes of the body written to the socket before the reply's status line arrived. */
  sentBeforeReply: number;
  connection?: string;
}

/**
 * POSTs `chunks` (1 MB each by default) one after another, waiting for the socket to take each,
 * and stops writing as soon as the reply has begun. Resolves with what had been sent by then.
 */
function streamPost(port: number, path: string, chunk: () => Buffer, count: number, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((done, failed) => {
    let sent = 0;
    let sentBeforeReply = -1;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      sentBeforeReply = sent;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), sentBeforeReply, connection: res.headers.connection }));
      res.on('error', failed);
    });
    // The server may close the socket once it has answered: that is the point, not a failure.
    req.on('error', (err) => (sentBeforeReply >= 0 ? undefined : failed(err)));
    const writeNext = (i: number) => {
      if (sentBeforeReply >= 0 || i >= count) {
        req.end();
        return;
      }
      const data = chunk();
      sent += data.length;
      if (req.write(data)) setImmediate(() => writeNext(i + 1));
      else req.once('drain', () => writeNext(i + 1));
    };
    writeNext(0);
  });
}

describe('request bodies are bounded while they stream in', () => {
  let root: string;
  let server: RunningServer;
  let handle: Awaited<ReturnType<(typeof testDatabases)[0]['open']>>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-bodies-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    handle = await testDatabases[0].open();
    await seedIfEmpty(handle.db, fixtureCatalogue);
    server = await startServer({ port: 0, distDir: join(root, 'dist'), database: handle });
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    await rm(root, { recursive: true, force: true });
  });

  const health = async () => (await fetch(`${server.url}/api/health`)).status;

  it('64 MB chunked to the sign-in is refused with a 413 before 8 MB were sent, and the connection is closed', async () => {
    const mb = Buffer.alloc(MB, 'a');
    const reply = await streamPost(server.port, '/api/users/login', () => mb, 64);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, message: `The request body must be at most ${MAX_BODY_BYTES} bytes.` });
    expect(reply.sentBeforeReply).toBeLessThanOrEqual(8 * MB);
    expect(reply.connection).toBe('close');
    expect(await health()).toBe(200);
  });

  it('64 MB of nested [ chunked to the newsletter is refused the same way', async () => {
    const mb = Buffer.alloc(MB, '[');
    const reply = await streamPost(server.port, '/api/newsletter', () => mb, 64);
    expect(reply.status).toBe(413);
    expect(reply.sentBeforeReply).toBeLessThanOrEqual(8 * MB);
    expect(await health()).toBe(200);
  });

  it('an announced length past the limit is refused before the body is read', async () => {
    const mb = Buffer.alloc(MB, 'a');
    const reply = await streamPost(server.port, '/api/order/place', () => mb, 64, { 'Content-Length': String(64 * MB) });
    expect(reply.status).toBe(413);
    expect(reply.sentBeforeReply).toBeLessThanOrEqual(8 * MB);
  });

  it('a body four times the limit, its length announced, is a 413', async () => {
    const big = JSON.stringify({ email: `${'a'.repeat(MAX_BODY_BYTES * 4)}@example.com` });
    const res = await fetch(`${server.url}/api/newsletter`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
  });

  it('nesting deeper than the bound is a 400 in words, under the size limit', async () => {
    const deep = '['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1);
    for (const path of ['/api/users/login', '/api/newsletter']) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: deep });
      expect(res.status).toBe(400);
    }
    const res = await fetch(`${server.url}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: deep });
    expect(((await res.json()) as { message: string }).message).toBe(`The request body must not nest more than ${MAX_BODY_DEPTH} levels deep.`);
  });

  it('bytes that are not UTF-8 are a 400', async () => {
    const res = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('The request body must be UTF-8 text.');
  });
});

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":1}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('"plain"')).toBe(0);
  });
});
