import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, buildUrl, unwrapGateway } from './api.ts';

describe('unwrapGateway', () => {
  it('uses a JSON string body, an object body, or the reply itself', () => {
    expect(unwrapGateway({ statusCode: 200, body: '{"success":true,"data":[1]}' })).toEqual({ success: true, data: [1] });
    expect(unwrapGateway({ body: { success: true } })).toEqual({ success: true });
    expect(unwrapGateway({ success: true, data: 1 })).toEqual({ success: true, data: 1 });
    expect(unwrapGateway('{"a":1}')).toEqual({ a: 1 });
  });
});

describe('buildUrl', () => {
  it('drops empty query values', () => {
    expect(buildUrl('http://x', '/api/products', { page: 2, category: undefined, q: '' })).toBe('http://x/api/products?page=2');
  });
});

describe('ApiClient against a real HTTP server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/ok') return send(200, { success: true, data: { n: 1 } });
      if (req.url === '/gateway') return send(200, { statusCode: 200, body: JSON.stringify({ success: true, data: { n: 2 } }) });
      if (req.url === '/bad') return send(400, { success: false, message: "Invalid query parameter 'limit'", errors: { limit: 'too big' } });
      if (req.url === '/auth') return send(200, { success: true, data: { auth: req.headers.authorization } });
      if (req.url === '/echo') {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => send(200, { success: true, data: { type: req.headers['content-type'], body: Buffer.concat(chunks).toString() } }));
        return;
      }
      if (req.url === '/slow') return void setTimeout(() => send(200, {}), 500);
      send(200, { success: true, data: { n: 'not a number' } });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const schema = z.object({ n: z.number() });
  const pick = (r: Record<string, unknown>) => r.data;

  it('parses replies, plain and gateway-style', async () => {
    const client = new ApiClient(base);
    expect(await client.get('/ok', schema, pick)).toEqual({ ok: true, data: { n: 1 }, message: undefined });
    expect(await client.get('/gateway', schema, pick)).toMatchObject({ ok: true, data: { n: 2 } });
  });

  it('reports the server message and per-field errors', async () => {
    const result = await new ApiClient(base).get('/bad', schema, pick);
    expect(result).toEqual({ ok: false, error: { kind: 'http', status: 400, message: "Invalid query parameter 'limit'", fields: { limit: 'too big' } } });
  });

  it('rejects an unexpected shape as Invalid response format', async () => {
    const result = await new ApiClient(base).get('/other', schema, pick);
    expect(result).toEqual({ ok: false, error: { kind: 'validation', message: 'Invalid response format' } });
  });

  it('sends a Blob (a chosen file) as it is, with its own type; anything else as JSON', async () => {
    const client = new ApiClient(base);
    const file = await client.request('/echo', { method: 'POST', body: new Blob(['_id,name\nrice,Rice\n'], { type: 'text/csv' }) });
    expect(file.ok && file.data).toMatchObject({ data: { type: 'text/csv', body: '_id,name\nrice,Rice\n' } });
    const json = await client.request('/echo', { method: 'POST', body: { a: 1 } });
    expect(json.ok && json.data).toMatchObject({ data: { type: 'application/json', body: '{"a":1}' } });
  });

  it('sends the Bearer token', async () => {
    const result = await new ApiClient(base).request('/auth', { token: 'abc' });
    expect(result.ok && result.data).toMatchObject({ data: { auth: 'Bearer abc' } });
  });

  it('times out and names the URL when nothing answers', async () => {
    const slow = await new ApiClient(base).request('/slow', { timeoutMs: 50 });
    expect(slow).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    const down = await new ApiClient('http://127.0.0.1:9').request('/api/products');
    expect(down).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringContaining('http://127.0.0.1:9/api/products') } });
  });
});
