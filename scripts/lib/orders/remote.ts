/**
 * OrderOperations through a running store's operator channel (src/server/operator-channel.ts):
 * used when the store holds the embedded database. The store's refusals come back as HttpErrors
 * with its status and message, like the database operations throw them.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Order } from '#lib/schemas/orders.ts';
import { HttpError } from '#server/http/errors.ts';
import { OPERATOR_KEY_HEADER, type Channel } from '#server/operator-channel.ts';
import type { OrderOperations } from '#server/orders/operations.ts';

export function remoteOperations(channel: Channel): OrderOperations {
  async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const headers: Record<string, string> = { [OPERATOR_KEY_HEADER]: channel.key };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${channel.url}/api/operator${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new Error(`The running store at ${channel.url} did not answer (${(err as Error).message}).`);
    }
    const body = (await res.json().catch(() => ({}))) as { message?: string } & T;
    if (!res.ok) throw new HttpError(res.status as ContentfulStatusCode, body.message ?? `The store answered ${res.status}.`);
    return body;
  }
  const seg = encodeURIComponent;
  return {
    list: async ({ status, limit }) => (await call<{ orders: Order[] }>(`/orders?limit=${limit}${status ? `&status=${seg(status)}` : ''}`)).orders,
    show: async (number) => (await call<{ order: Order }>(`/orders/${seg(number)}`)).order,
    cancel: async (number) => (await call<{ order: Order }>(`/orders/${seg(number)}/cancel`, { method: 'POST' })).order,
    find: async (text, limit) => (await call<{ orders: Order[] }>(`/orders/find?q=${seg(text)}&limit=${limit}`)).orders,
    advance: async (number, status) => (await call<{ order: Order }>(`/orders/${seg(number)}/advance`, { method: 'POST', body: { status } })).order,
  };
}
