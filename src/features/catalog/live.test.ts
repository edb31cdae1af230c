import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { liveFigures } from './live.ts';

const reply = (body: unknown, status = 200) => vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }));

describe('liveFigures', () => {
  afterEach(() => vi.unstubAllGlobals());
  it("reads price, discount and stock from the product's reply", async () => {
    const fetch = reply({ success: true, data: { _id: 'p1', name: 'Tea', price: 900, discount: 100, stock: 3, extra: true } });
    vi.stubGlobal('fetch', fetch);
    expect(await liveFigures('p 1', new ApiClient('http://x'))).toEqual({ ok: true, data: { price: 900, discount: 100, stock: 3 } });
    expect(fetch.mock.calls[0][0]).toBe('http://x/api/products/p%201');
  });
  it('fails softly on a strange reply or an error status', async () => {
    vi.stubGlobal('fetch', reply({ success: true, data: { price: 'free' } }));
    expect(await liveFigures('p1', new ApiClient('http://x'))).toMatchObject({ ok: false, error: { kind: 'validation' } });
    vi.stubGlobal('fetch', reply({ success: false, message: 'Product not found' }, 404));
    expect(await liveFigures('p1', new ApiClient('http://x'))).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
