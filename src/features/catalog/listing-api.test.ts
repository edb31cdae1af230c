import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { FIRST_LISTING_GLOBAL, fetchListing, takeFirstListing, type FirstListingHandoff } from './listing-api.ts';
import { product } from './test-products.ts';

const reply = (body: unknown, status = 200) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
const api = new ApiClient('http://store.test');

afterEach(() => vi.restoreAllMocks());

describe('fetchListing', () => {
  it('asks GET /api/products with the query and keeps the card fields of each product', async () => {
    const spy = reply({ success: true, data: { products: [product(1)], pagination: { page: 2, limit: 5, total: 6, pages: 2 } } });
    const result = await fetchListing({ q: 'tea bag', category: 'bakery', sortBy: 'price', sortOrder: 'asc', page: 2, limit: 5 }, api);
    expect(String(spy.mock.calls[0][0])).toBe('http://store.test/api/products?q=tea+bag&category=bakery&sortBy=price&sortOrder=asc&page=2&limit=5');
    expect(result.ok && result.data.pagination.total).toBe(6);
    expect(result.ok && result.data.products[0]).toMatchObject({ _id: 'p-001', name: 'Product 1', price: 101 });
  });

  it('reads a bare array and a gateway body', async () => {
    reply({ body: JSON.stringify({ success: true, data: [product(1), product(2)] }) });
    const result = await fetchListing({ page: 1, limit: 12 }, api);
    expect(result.ok && result.data.products.map((p) => p._id)).toEqual(['p-001', 'p-002']);
    expect(result.ok && result.data.pagination.total).toBe(2);
  });

  it('is Invalid response format for a foreign shape, and the server message for an error', async () => {
    reply({ success: true, data: { products: [{ _id: 1 }] } });
    expect(await fetchListing({ page: 1, limit: 12 }, api)).toEqual({ ok: false, error: { kind: 'validation', message: 'Invalid response format' } });
    reply({ success: false, message: "Invalid query parameter 'q': must be at most 200" }, 400);
    const failed = await fetchListing({ page: 1, limit: 12 }, api);
    expect(!failed.ok && failed.error.message).toBe("Invalid query parameter 'q': must be at most 200");
  });
});

describe('takeFirstListing', () => {
  const page = { success: true, data: { products: [product(1)], pagination: { page: 1, limit: 48, total: 1, pages: 1 } } };
  const query = { q: 'green tea', sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 48 } as const;
  const url = 'http://store.test/api/products?q=green+tea&sortBy=createdAt&sortOrder=desc&page=1&limit=48';
  const scope = globalThis as { [FIRST_LISTING_GLOBAL]?: FirstListingHandoff };
  /** What the search page's inline script leaves: the reply's text once it is in. */
  const handoff = (text: string | null | undefined, later?: Promise<string | null>): FirstListingHandoff =>
    (scope[FIRST_LISTING_GLOBAL] = { url, promise: later ?? Promise.resolve(text ?? null), text });

  afterEach(() => delete scope[FIRST_LISTING_GLOBAL]);

  it('takes a reply already in at once, without asking, and only once', async () => {
    const spy = reply(page);
    handoff(JSON.stringify(page));
    const taken = takeFirstListing(query, api);
    expect(taken?.settled?.ok && taken.settled.data.products[0]._id).toBe('p-001');
    expect(takeFirstListing(query, api)).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
  });

  it('waits for a reply still on its way', async () => {
    const spy = reply(page);
    let arrive!: (text: string) => void;
    handoff(undefined, new Promise((resolve) => (arrive = resolve)));
    const taken = takeFirstListing(query, api)!;
    expect(taken.settled).toBeUndefined();
    arrive(JSON.stringify(page));
    const result = await taken.promise;
    expect(result.ok && result.data.pagination.total).toBe(1);
    expect(spy).not.toHaveBeenCalled();
  });

  it('asks again through the client when the early reply failed or is not a listing', async () => {
    for (const text of [null, '{"success":false,"message":"Server busy"}', '{"data":{"products":[{"_id":1}]}}', 'not json']) {
      const spy = reply({ success: false, message: 'Server busy' }, 503);
      handoff(text);
      const result = await takeFirstListing(query, api)!.promise;
      expect(spy, String(text)).toHaveBeenCalledTimes(1);
      expect(!result.ok && result.error.message, String(text)).toBe('Server busy');
      vi.restoreAllMocks();
    }
  });

  it('is not taken by another query, nor from another API origin', () => {
    handoff(JSON.stringify(page));
    expect(takeFirstListing({ ...query, sortBy: 'price', sortOrder: 'asc' }, api)).toBeUndefined();
    expect(takeFirstListing({ ...query, page: 2 }, api)).toBeUndefined();
    expect(takeFirstListing(query, new ApiClient('http://other.test'))).toBeUndefined();
    expect(takeFirstListing(query, api)).toBeDefined();
  });
});
