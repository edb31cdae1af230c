/**
 * At most `perClient` open connections from one client address to one store process: a client
 * that opens more (holding sockets open with slow requests, say) has the extra ones closed at
 * once, before a byte is read, while every other address is served as before. A client is its
 * socket's address as the rate limits key it (an IPv4 address, or an IPv6 /64: clientKey), never
 * X-Forwarded-For: connections are counted before any request is read. Behind a proxy every
 * connection comes from the proxy, so the cap is then the proxy's (CONNECTIONS_PER_CLIENT, config.ts).
 */
import type { Server, Socket } from 'node:net';
import { clientKey } from './client-address.ts';

/** An IPv4-mapped IPv6 address as the IPv4 address it is. */
const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

export interface ConnectionCap {
  /** The connections open now from the client of `address`. */
  openFrom(address: string): number;
  /** How many connections were closed for going over the cap. */
  refused(): number;
}

/** Caps `server`'s connections per client at `perClient` (0: no cap). */
export function capConnectionsPerClient(server: Pick<Server, 'prependListener'>, perClient: number): ConnectionCap {
  const open = new Map<string, number>();
  let refused = 0;
  if (perClient > 0) {
    // Before the HTTP server's own listener: a refused socket is never read from.
    server.prependListener('connection', (socket: Socket) => {
      const key = clientKey(unmapped(socket.remoteAddress ?? ''));
      const count = open.get(key) ?? 0;
      if (count >= perClient) {
        refused++;
        socket.destroy();
        return;
      }
      open.set(key, count + 1);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }
  return {
    openFrom: (address) => open.get(clientKey(unmapped(address))) ?? 0,
    refused: () => refused,
  };
}
