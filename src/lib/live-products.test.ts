import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { MAX_LIVE_IDS } from '#lib/live-figures.ts';
import { liveProducts } from './live-products.ts';

describe('live figures against a real HTTP server', () => {
  let server: Server;
  let client: ApiClient;
  const asked: string[] = [];
  const catalogue = new Map([
    ['atta', { _id: 'atta', price: 1000, discount: 50, stock: 3 }],
    ['tea', { _id: 'tea', price: 900, discount: 0, stock: 0 }],
  ]);
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      asked.push(url.pathname + url.search);
      const send = (status: number, body: unknown) => {
        // The service worker's copy, answered offline, says so (features/offline/rules.ts markedOfflineCopy).
        const copy = (url.searchParams.get('ids') ?? '').split(',').includes('copied') ? { offlineCopy: 'Thu, 26 Nov 2026 09:00:00 GMT' } : {};
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ...(body as object), ...copy }));
      };
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      if (url.pathname !== '/api/products/live') return send(404, { success: false, message: 'Not found' });
      if (ids.includes('broken')) return send(500, { success: false, message: 'Server Error' });
      if (ids.includes('odd')) return send(200, { success: true, data: [{ _id: 'odd', price: 'cheap' }] });
      send(200, { success: true, data: ids.flatMap((id) => catalogue.get(id) ?? []) });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  beforeEach(() => void (asked.length = 0));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('asks once for every product of a page; a product left out is missing', async () => {
    const results = await liveProducts(['atta', 'gone', 'tea', 'atta'], client);
    expect(Object.fromEntries(results)).toEqual({
      atta: { kind: 'found', product: { price: 1000, discount: 50, stock: 3 } },
      gone: { kind: 'missing' },
      tea: { kind: 'found', product: { price: 900, discount: 0, stock: 0 } },
    });
    expect(asked).toEqual(['/api/products/live?ids=atta%2Cgone%2Ctea']);
  });

  it("marks the figures of the service worker's offline copy, found or missing, and nothing else", async () => {
    expect(Object.fromEntries(await liveProducts(['atta', 'copied'], client))).toEqual({
      atta: { kind: 'found', product: { price: 1000, discount: 50, stock: 3 }, offlineCopy: true },
      copied: { kind: 'missing', offlineCopy: true },
    });
    expect((await liveProducts(['atta'], client)).get('atta')).toEqual({ kind: 'found', product: { price: 1000, discount: 50, stock: 3 } });
  });

  it(`asks in requests of at most ${MAX_LIVE_IDS} products`, async () => {
    const ids = Array.from({ length: MAX_LIVE_IDS * 2 + 1 }, (_, i) => `p${i}`);
    const results = await liveProducts(ids, client);
    expect(results.size).toBe(ids.length);
    expect(asked).toHaveLength(3);
    expect(asked.map((a) => new URL(a, 'http://x').searchParams.get('ids')!.split(',').length)).toEqual([MAX_LIVE_IDS, MAX_LIVE_IDS, 1]);
  });

  it('a failed or strange reply leaves its products unknown, never thrown', async () => {
    expect(Object.fromEntries(await liveProducts(['atta', 'broken'], client))).toEqual({ atta: { kind: 'failed' }, broken: { kind: 'failed' } });
    expect((await liveProducts(['odd'], client)).get('odd')).toEqual({ kind: 'failed' });
    expect((await liveProducts(['atta'], new ApiClient('http://127.0.0.1:1'))).get('atta')).toEqual({ kind: 'failed' });
  });
});
