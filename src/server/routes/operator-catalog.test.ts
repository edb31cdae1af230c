/**
 * /api/operator/catalog on a real store on a socket, with its operator channel published: the key
 * is asked for before a byte of the body is read, files are bounded while they stream in, a file
 * that cannot be read is a 400 in the parser's words, and none of it changes the catalogue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATALOG_FILE_BYTES } from '#server/catalog/file-format.ts';
import { openDatabase } from '#server/db/client.ts';
import { startServer, type RunningServer } from '#server/main.ts';
import { OPERATOR_KEY_HEADER, readChannel } from '#server/operator-channel.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { CSV_HEADER, EXPORT_CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { replyCheck, type ReplyCheck } from '#server/test/reply-check.ts';
import { CATALOG_FILE_MESSAGES as FILE } from '#lib/catalog-file-messages.ts';
import { excelWindows1252 } from '#server/test/catalog-files.ts';
import { TOO_LARGE_MESSAGE } from './operator-catalog.ts';

const MB = 1024 * 1024;

interface Sent {
  status: number;
  body: string;
  /** Bytes of the body written before the reply's status line arrived. */
  sentBeforeReply: number;
  connection?: string;
}

/**
 * POSTs `chunks` one after another, waiting for the socket to take each, and stops as soon as the
 * reply has begun. With `end: false` the body is never finished: only a reply given without
 * reading the body can arrive.
 */
function streamPost(port: number, path: string, headers: Record<string, string>, chunks: Buffer[], end = true): Promise<Sent> {
  return new Promise((done, failed) => {
    let sent = 0;
    let sentBeforeReply = -1;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      sentBeforeReply = sent;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        req.destroy();
        done({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), sentBeforeReply, connection: res.headers.connection });
      });
      res.on('error', failed);
    });
    // The server may close the socket once it has answered: that is the point, not a failure.
    req.on('error', (err) => (sentBeforeReply >= 0 ? undefined : failed(err)));
    req.flushHeaders();
    const writeNext = (i: number) => {
      if (sentBeforeReply >= 0) return;
      if (i >= chunks.length) {
        if (end) req.end();
        return;
      }
      const chunk = chunks[i];
      sent += chunk.length;
      if (req.write(chunk)) setImmediate(() => writeNext(i + 1));
      else req.once('drain', () => writeNext(i + 1));
    };
    writeNext(0);
  });
}

describe('the catalogue under the operator routes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-operator-catalog-'));
  const dataDir = join(dir, 'pglite');
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    const seeded = await openDatabase({ dataDir });
    await seedIfEmpty(seeded.db, fixtureCatalogue);
    await seeded.close();
    server = await startServer({ port: 0, dataDir, distDir: join(dir, 'dist'), operatorChannel: true });
    key = readChannel(server.database.location)!.key;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const price = async (id: string) => ((await (await fetch(`${server.url}/api/products/${id}`)).json()) as { data: { price: number } }).data.price;
  const post = (path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = { [OPERATOR_KEY_HEADER]: key }) =>
    fetch(`${server.url}/api/operator/catalog/${path}`, { method: 'POST', headers, body });

  it('answers a request without the key, or with a wrong one, with a 403 before reading its body, and closes the connection; with it, exports', async () => {
    const mb = Buffer.alloc(MB, 'a');
    for (const headers of [{}, { [OPERATOR_KEY_HEADER]: 'x'.repeat(43) }] as Record<string, string>[]) {
      // The body never ends: a server that read it before the key would never answer.
      const reply = await streamPost(server.port, '/api/operator/catalog/import?format=csv', { 'Content-Type': 'text/csv', ...headers }, [mb], false);
      expect(reply).toMatchObject({ status: 403, connection: 'close' });
      expect(JSON.parse(reply.body)).toEqual({ success: false, message: 'Forbidden.' });
    }
    expect((await fetch(`${server.url}/api/operator/catalog/export?format=json`)).status).toBe(403);
    const exported = await fetch(`${server.url}/api/operator/catalog/export?format=csv`, { headers: { [OPERATOR_KEY_HEADER]: key } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('cache-control')).toBe('no-store');
    expect((await exported.text()).split('\n')[0]).toBe(EXPORT_CSV_HEADER);
  });

  it('exports each format in the media type the document declares for it, the JSON in its declared shape', async () => {
    const check = replyCheck((await (await fetch(`${server.url}/api/openapi.json`)).json()) as ReplyCheck['document']);
    for (const format of ['json', 'csv']) {
      const url = `/api/operator/catalog/export?format=${format}`;
      const exported = await fetch(`${server.url}${url}`, { headers: { [OPERATOR_KEY_HEADER]: key } });
      const type = exported.headers.get('content-type');
      const text = await exported.text();
      expect(() => check.check('GET', url, exported.status, type, format === 'json' ? JSON.parse(text) : text)).not.toThrow();
    }
    expect(() => check.check('GET', '/api/operator/catalog/export', 200, 'text/plain', 'a')).toThrow(/media type text\/plain not declared/);
    expect(() => check.check('GET', '/api/operator/catalog/export', 200, 'application/json', { categories: [], products: [{ _id: 'a' }] })).toThrow(/does not match/);
  });

  it(`refuses a file past ${MAX_CATALOG_FILE_BYTES / MB} MB with a 413 in words, streamed or announced, and goes on serving`, async () => {
    const row = Buffer.from(`${'x'.repeat(MB - 1)}\n`);
    const headers = { [OPERATOR_KEY_HEADER]: key, 'Content-Type': 'text/csv' };
    // Chunked, with no length: one byte past the limit. (How an endless body is cut off early is
    // the body reader's own test, body-limits.test.ts.)
    const onePast = [...Array<Buffer>(MAX_CATALOG_FILE_BYTES / MB).fill(row), Buffer.from('x')];
    const streamed = await streamPost(server.port, '/api/operator/catalog/import?format=csv', headers, onePast);
    expect(streamed).toMatchObject({ status: 413, connection: 'close' });
    expect(JSON.parse(streamed.body)).toMatchObject({ success: false, message: TOO_LARGE_MESSAGE });

    // Only the head is sent: the announced length alone is refused.
    const announced = await streamPost(server.port, '/api/operator/catalog/validate?format=csv', { ...headers, 'Content-Length': String(MAX_CATALOG_FILE_BYTES + 1) }, [], false);
    expect(announced).toMatchObject({ status: 413, sentBeforeReply: 0, connection: 'close' });
    expect(JSON.parse(announced.body)).toMatchObject({ success: false, message: TOO_LARGE_MESSAGE });
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
  });

  it("answers a file that cannot be read as its format with a 400 in the parser's words", async () => {
    const json = await post('import?format=json', '[{"_id": "milk-1l", "price": 1');
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/^The file is not valid JSON: /);
    const shape = await post('validate?format=json', '{"products": 3}');
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { message: string }).message).toBe(FILE.jsonShape);
    const csv = await post('import?format=csv', `${CSV_HEADER}\nmilk-1l,"Milk,,fresh,,1,,,,,,,,,,\n`);
    expect(csv.status).toBe(400);
    expect(((await csv.json()) as { message: string }).message).toBe(FILE.badCsv(2, FILE.unclosedQuote));
    const format = await post('import?format=xml', '<products/>');
    expect(format.status).toBe(400);
    expect(((await format.json()) as { message: string }).message).toBe("Invalid query parameter 'format': must be one of json, csv");
    // Nesting the body reader would refuse elsewhere is the file's own affair here: a row problem.
    const deep = await post('validate?format=json', `[{"_id": "deep", "name": "Deep", "category": "fresh", "price": 1, "images": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]`);
    expect(deep.status).toBe(422);
    expect(((await deep.json()) as { problems: { text: string }[] }).problems.map((p) => p.text)).toEqual(['Row 1 (deep), field images: must be a string']);
    // 0x81 is no character in Windows-1252 either: refused in words, nothing read.
    const bytes = await post('import?format=csv', new Uint8Array([0x5f, 0x69, 0x64, 0x0a, 0x81]));
    expect(bytes.status).toBe(400);
    expect(((await bytes.json()) as { message: string }).message).toBe(FILE.notUtf8);
    // Excel's Windows-1252 CSV is read as such, and the reply says so.
    const excel = await post('validate?format=csv', new Uint8Array(excelWindows1252()));
    expect(excel.status).toBe(200);
    expect(await excel.json()).toMatchObject({ success: true, products: 2, note: FILE.readAsWindows1252, changes: { created: ['nestle-cream-200ml'], unchanged: 0 } });
    expect(await price('milk-1l')).toBe(290);
  });

  it('answers rows with problems with a 422 naming each, and changes nothing', async () => {
    const reply = await post('import?format=csv', `${CSV_HEADER}\nmilk-1l,Milk,,fresh,,1,,,,,,,,,,\nzero,Zero,,fresh,,0,,,,,,,,,,\n`);
    expect(reply.status).toBe(422);
    const body = (await reply.json()) as { message: string; problems: { row: number; field: string; text: string }[] };
    expect(body.message).toBe('1 problem found; nothing was changed.');
    expect(body.problems).toEqual([{ row: 3, id: 'zero', field: 'price', message: 'must be above 0', line: 3, text: 'Row 3 (zero), field price: must be above 0' }]);
    expect(await price('milk-1l')).toBe(290);
  });
});
