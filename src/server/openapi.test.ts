/**
 * The API's OpenAPI document against the app itself: every operation the app serves is declared and
 * every declared operation is served (a walk of Hono's registered routes), every declared reply
 * names its status and shape, and the reply check the API suites run (test/reply-check.ts) refuses
 * a reply the document does not declare. The replies themselves are checked in those suites.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { replyCheck, type ReplyCheck } from '#server/test/reply-check.ts';

type Document = ReplyCheck['document'] & { openapi: string; components: { securitySchemes: Record<string, unknown> } };

/** `METHOD /path/{param}` of every handler the app routes to (middleware, registered as ALL, aside). */
function served(app: ReturnType<typeof createApp>): string[] {
  const routes = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

function declared(document: Document): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe.each(testDatabases.slice(0, 1))('the OpenAPI document on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const app = (operatorKey?: string) => createApp({ db: database().db, kind: database().kind, logError: () => {}, operatorKey });
  const documentOf = async (served: ReturnType<typeof app>) => (await (await served.request('/api/openapi.json')).json()) as Document;

  it('declares exactly the operations the app serves, operator channel included', async () => {
    const withChannel = app('k'.repeat(64));
    const document = await documentOf(withChannel);
    expect(document.openapi).toBe('3.1.0');
    expect(declared(document)).toEqual(served(withChannel));
    expect(served(withChannel).length).toBeGreaterThan(35);
  });

  it('describes the operator channel also where the app does not serve it', async () => {
    const without = app();
    const document = await documentOf(without);
    // The metrics have an access of their own (routes/metrics.ts): served with or without the channel.
    expect(served(without).filter((route) => route.includes('/api/operator'))).toEqual(['GET /api/operator/metrics']);
    expect(declared(document).filter((route) => route.includes('/api/operator')).length).toBe(12);
    expect(declared(document)).toContain('POST /api/operator/backup');
  });

  it('gives every operation its replies, a summary, and the security its callers need', async () => {
    const document = await documentOf(app());
    const operations = Object.entries(document.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op: op as Record<string, any> })));
    for (const { path, method, op } of operations) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(op.responses).some((status) => /^2/.test(status)), `${method} ${path} has a success reply`).toBe(true);
      expect(op.responses['500'], `${method} ${path} declares the 500`).toBeDefined();
    }
    const security = (method: string, path: string) => document.paths[path][method] as { security?: unknown[] };
    expect(security('get', '/api/users/me').security).toEqual([{ bearer: [] }]);
    expect(security('post', '/api/order/place').security).toEqual([{}, { bearer: [] }]);
    expect(security('get', '/api/products').security).toBeUndefined();
    expect(security('get', '/api/operator/orders').security).toEqual([{ operatorKey: [] }]);
    expect(security('get', '/api/staff/members').security).toEqual([{ staffCookie: [] }]);
    const extension = (method: string, path: string, name: string) => (document.paths[path][method] as unknown as Record<string, unknown>)[name];
    expect(extension('get', '/api/staff/members', 'x-permission')).toBe('staff.manage');
    expect(extension('delete', '/api/staff/members/{id}', 'x-audit')).toBe('staff.remove');
    expect(security('post', '/api/staff/sign-in').security).toBeUndefined();
    expect(security('get', '/api/operator/metrics').security).toEqual([{}, { metricsKey: [] }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearer', 'metricsKey', 'operatorKey', 'staffCookie']);
    // The store's own 400 with per-field errors is what a body route declares.
    const refusal = (document.paths['/api/users/register'].post.responses['400'].content!['application/json'].schema as { properties: object }).properties;
    expect(Object.keys(refusal).sort()).toEqual(['errors', 'message', 'success']);
  });

  it('refuses a reply whose status or shape the document does not declare', async () => {
    const check = replyCheck(await documentOf(app()));
    const health = { success: true, data: { status: 'ok' } };
    expect(() => check.check('GET', '/api/health/live', 200, 'application/json', health)).not.toThrow();
    expect(() => check.check('GET', '/api/health/live', 200, 'application/json', { success: true, data: { status: 'fine' } })).toThrow(/does not match/);
    expect(() => check.check('GET', '/api/health/live', 200, 'application/json', { ...health, extra: 1 })).toThrow(/does not match/);
    expect(() => check.check('GET', '/api/health/live', 418, 'application/json', health)).toThrow(/status not declared/);
    expect(() => check.check('PATCH', '/api/health/live', 200, 'application/json', health)).toThrow(/declares no such operation/);
    expect(() => check.check('GET', '/api/products/live?ids=a', 200, 'application/json', { success: true, data: [{ _id: 'a', price: 1, discount: 0, stock: 2 }] })).not.toThrow();
    expect(() => check.check('GET', '/api/products/nope', 404, 'application/json', { success: false, message: 'Product not found' })).not.toThrow();
    expect(() => check.check('GET', '/api/products/nope', 404, 'application/json', { success: false })).toThrow(/does not match/);
  });

  it("declares the browser's zod/mini reply schemas as precisely as their checks: enumerations, booleans, nullable times, integers", async () => {
    const check = replyCheck(await documentOf(app()));
    const at = '2026-11-27T10:00:00.000Z';
    const summary = {
      orderNumber: 'KIR-1',
      status: 'Pending',
      statusHistory: [{ status: 'Pending', at }],
      paymentMethod: 'COD',
      totalAmount: 500,
      itemCount: 2,
      isPaid: false,
      paidAt: null,
      isDelivered: true,
      deliveredAt: at,
      createdAt: at,
      updatedAt: at,
    };
    const tracked = (order: object) => () => check.check('GET', '/api/order/order-status/KIR-1', 200, 'application/json', { success: true, order });
    expect(tracked(summary)).not.toThrow();
    const { createdAt: _, ...withoutCreated } = summary;
    for (const wrong of [
      { status: 'Lost' },
      { statusHistory: [{ status: 'Lost', at }] },
      { paymentMethod: 'card' },
      { isPaid: 'no' },
      { paidAt: 5 },
      { createdAt: null },
      { totalAmount: 1.5 },
      { extra: 1 },
    ]) {
      expect(tracked({ ...summary, ...wrong }), JSON.stringify(wrong)).toThrow(/does not match/);
    }
    expect(tracked(withoutCreated)).toThrow(/does not match/);

    const live = (product: object) => () => check.check('GET', '/api/products/live?ids=a', 200, 'application/json', { success: true, data: [product] });
    const figures = { _id: 'a', price: 100, discount: 0, stock: 3 };
    expect(live(figures)).not.toThrow();
    for (const wrong of [{ price: -1 }, { discount: 2.5 }, { stock: 1.5 }, { stock: '3' }, { extra: 1 }]) expect(live({ ...figures, ...wrong }), JSON.stringify(wrong)).toThrow(/does not match/);
  });

  it('serves the reference page with its script from this origin, under the pages\' CSP', async () => {
    const api = app();
    const page = await api.request('/api/reference');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(body.trim(), 'no inline script').toBe('');
      const src = /src="([^"]+)"/.exec(attributes)![1];
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const script = await api.request(new URL(src, 'http://store.test/api/reference').pathname);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    }
  });
});
