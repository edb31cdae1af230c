/** Every reply under apiHeaders carries API_HEADERS, whichever way it was made, and keeps its own headers. */
import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { finishedReply } from '#server/catalog/cache.ts';
import { API_HEADERS, apiHeaders, fail, jsonReply, ok, sendFinished } from './replies.ts';

const finished = finishedReply({ name: 'Milk', words: 'fresh '.repeat(400) });

function app() {
  const a = new Hono();
  a.use('*', apiHeaders());
  // What CORS does for a request with an Origin: a header set before the route runs, one after.
  a.use('*', async (c, next) => {
    if (c.req.header('origin')) c.header('Access-Control-Allow-Origin', c.req.header('origin'));
    await next();
    if (c.req.header('origin')) c.header('Vary', 'Origin', { append: true });
  });
  a.get('/finished', (c) => sendFinished(c, finished));
  a.get('/ok', (c) => ok(c, { status: 'ok' }, 'no-store'));
  a.get('/own-header', (c) => {
    c.header('X-Own', 'yes');
    return jsonReply(c, { n: 1 }, 201, 'no-store');
  });
  a.get('/limited', (c) => fail(c, 429, 'Too many attempts', undefined, { headers: { 'Retry-After': '30' } }));
  a.get('/plain', (c) => c.json({ made: 'by hono' }));
  a.notFound((c) => fail(c, 404, 'Not found'));
  return a;
}

const expectApiHeaders = (res: Response, what: string) => {
  for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
};

describe('apiHeaders with the replies', () => {
  it('a finished reply carries every API header with its own: ETag, cache, type, gzip when taken', async () => {
    const res = await app().request('/finished', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expectApiHeaders(res, 'finished');
    expect(res.headers.get('etag')).toBe(finished.etag);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=3');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(finished.body)).toBe(true);
  });

  it('a revalidated finished reply is a 304 without a body, with the API headers', async () => {
    const res = await app().request('/finished', { headers: { 'If-None-Match': finished.etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expectApiHeaders(res, '304');
    expect(res.headers.get('etag')).toBe(finished.etag);
  });

  it('keeps the headers set through the context before and after the route', async () => {
    const cors = await app().request('/finished', { headers: { Origin: 'https://kiryana.pk' } });
    expectApiHeaders(cors, 'with an Origin');
    expect(cors.headers.get('access-control-allow-origin')).toBe('https://kiryana.pk');
    expect(cors.headers.get('vary')).toBe('Accept-Encoding, Origin, Origin');
    expect(JSON.parse(await cors.text())).toEqual(JSON.parse(finished.body.toString()));

    const own = await app().request('/own-header');
    expect(own.status).toBe(201);
    expectApiHeaders(own, 'own header');
    expect(own.headers.get('x-own')).toBe('yes');
    expect(await own.json()).toEqual({ n: 1 });

    const limited = await app().request('/limited');
    expect(limited.status).toBe(429);
    expectApiHeaders(limited, 'refusal');
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(await limited.json()).toEqual({ success: false, message: 'Too many attempts' });
  });

  it('replies made another way, and the not-found reply, carry them too', async () => {
    const plain = await app().request('/plain');
    expectApiHeaders(plain, 'c.json');
    expect(await plain.json()).toEqual({ made: 'by hono' });
    const ok = await app().request('/ok');
    expectApiHeaders(ok, 'ok');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const missing = await app().request('/nowhere');
    expect(missing.status).toBe(404);
    expectApiHeaders(missing, 'not found');
  });
});

describe('gzip by Accept-Encoding', () => {
  it('follows each request’s own header, however the requests before it asked', async () => {
    const a = app();
    for (const [header, gzip] of [
      ['gzip', true],
      ['gzip;q=0', false],
      ['gzip;q=0', false],
      ['deflate, br', false],
      ['br, *', true],
      ['identity', false],
      ['GZIP', true],
      ['gzip', true],
    ] as const) {
      const res = await a.request('/finished', { headers: { 'Accept-Encoding': header } });
      expect(res.headers.get('content-encoding'), header).toBe(gzip ? 'gzip' : null);
    }
  });
});
