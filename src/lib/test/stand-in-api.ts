/**
 * A local HTTP server standing in for the store's API in the browser modules' unit tests: it
 * records every request (method, path with query, Bearer, Idempotency-Key, JSON body) and answers
 * with what `reply` returns for it (a string body is sent as text, anything else as JSON).
 *
 *   const api = useStandInApi((req) => (req.url === '/api/order' ? [200, { success: true, orders: [] }] : [404, {}]));
 *   it('...', async () => { await listOrders(api.client()); expect(api.seen[0].auth).toBe('Bearer t'); });
 *
 * A status of 0 cuts the connection without a reply (a reply lost on the way: the request was
 * received and recorded, the client sees a network error).
 *
 * The server starts before the suite and stops after it; `seen` is emptied after each test.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ApiClient } from '#lib/api.ts';

export interface SeenRequest {
  method: string;
  url: string;
  auth?: string;
  key?: string;
  body: unknown;
}

export type StandInReply = (request: SeenRequest) => [status: number, body: unknown];

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

export function useStandInApi(reply: StandInReply): { seen: SeenRequest[]; client(): ApiClient } {
  const seen: SeenRequest[] = [];
  let server: Server | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const request: SeenRequest = {
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization,
        key: req.headers['idempotency-key'] as string | undefined,
        body: await bodyOf(req),
      };
      seen.push(request);
      const [status, body] = reply(request);
      if (status === 0) return void res.socket?.destroy();
      res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterEach(() => {
    seen.length = 0;
  });
  afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));
  return {
    seen,
    client() {
      if (!client) throw new Error('the stand-in API is not started yet');
      return client;
    },
  };
}
