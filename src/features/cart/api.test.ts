import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { checkProducts } from './api.ts';

describe('checkProducts against a real HTTP server', () => {
  let server: Server;
  let client: ApiClient;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/api/products/atta') return send(200, { success: true, data: { _id: 'atta', price: 1000, discount: 50, stock: 3 } });
      if (req.url === '/api/products/gone') return send(404, { success: false, message: 'Product not found' });
      if (req.url === '/api/products/odd') return send(200, { success: true, data: { price: 'cheap' } });
      send(500, { success: false, message: 'Server Error' });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('finds, misses (404) and fails (5xx, bad shape, unreachable) per product', async () => {
    const results = await checkProducts(['atta', 'gone', 'odd', 'broken'], client);
    expect(Object.fromEntries(results)).toEqual({
      atta: { kind: 'found', product: { price: 1000, discount: 50, stock: 3 } },
      gone: { kind: 'missing' },
      odd: { kind: 'failed' },
      broken: { kind: 'failed' },
    });
    const down = await checkProducts(['atta'], new ApiClient('http://127.0.0.1:1'));
    expect(down.get('atta')).toEqual({ kind: 'failed' });
  });
});
