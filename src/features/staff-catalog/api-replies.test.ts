/**
 * The catalogue desk's calls take the API's envelope apart: a success's `data`, a refusal's
 * `message`, its field words `errors`, and its extra fields (a conflict's `current`, the grid's
 * rows and conflicts, a refused import's report). The replies here are the routes' own shapes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFigures, sendCatalogFile } from './bulk-api.ts';
import { changeProduct, getProduct, liveState } from './products-api.ts';

const sent: { url: string; method: string }[] = [];
let answer: { status: number; body: unknown };

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('location', { pathname: '/staff/products/', search: '', hash: '', assign: vi.fn() });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET' });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const product = { _id: 'milk-1l', name: 'Milk 1 L', version: 3, price: 290, stock: 40 };

describe('the catalogue desk reads the API envelope', () => {
  it('hands on a success reply’s data', async () => {
    answer = { status: 200, body: { success: true, data: product } };
    expect(await getProduct('milk-1l')).toEqual({ ok: true, data: product, message: '' });
    answer = { status: 200, body: { success: true, data: { version: 3, live: true } } };
    expect(await liveState('milk-1l')).toEqual({ ok: true, data: { version: 3, live: true }, message: '' });
    answer = { status: 200, body: { success: true, data: { products: [{ _id: 'milk-1l', version: 4, price: 300, discount: 0, stock: 40 }] } } };
    expect(await saveFigures([{ _id: 'milk-1l', version: 3, price: 300 }])).toEqual({ ok: true, data: { products: [{ _id: 'milk-1l', version: 4, price: 300, discount: 0, stock: 40 }] }, message: '' });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/staff/products/milk-1l', 'GET /api/staff/products/milk-1l/live', 'POST /api/staff/products/bulk']);
  });

  it('gives a refusal’s words, its field words and a conflict’s stored product', async () => {
    answer = { status: 400, body: { success: false, message: 'Please correct the marked fields.', errors: { price: 'must be above 0' } } };
    expect(await changeProduct('milk-1l', 3, { price: 0 })).toEqual({ ok: false, status: 400, message: 'Please correct the marked fields.', errors: { price: 'must be above 0' } });
    answer = { status: 409, body: { success: false, message: 'This product was changed by A editor…', current: { ...product, version: 4 } } };
    expect(await changeProduct('milk-1l', 3, { price: 300 })).toEqual({ ok: false, status: 409, message: 'This product was changed by A editor…', errors: {}, current: { ...product, version: 4 } });
  });

  it('keeps the grid’s problem rows and a refused import’s report', async () => {
    const rows = [{ _id: 'milk-1l', field: 'price', message: 'must be above 0' }];
    answer = { status: 400, body: { success: false, message: 'Nothing was saved: 1 problem.', rows } };
    const save = await saveFigures([{ _id: 'milk-1l', version: 3, price: 0 }]);
    expect(save.ok === false && save.reply?.rows).toEqual(rows);
    const report = { ok: false, errors: [{ row: 2, id: 'milk-1l', field: 'price', message: 'must be above 0', text: '-5' }], changes: { created: [], changed: [], unchanged: 0 }, categories: 3 };
    answer = { status: 400, body: { success: false, message: 'The file has 1 problem; nothing was changed.', report } };
    const imported = await sendCatalogFile('import', new Blob(['{}']), 'json');
    expect(imported).toMatchObject({ ok: false, status: 400, message: 'The file has 1 problem; nothing was changed.', reply: { report } });
  });
});
