import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { fetchListing } from './listing-api.ts';
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
