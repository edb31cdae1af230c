/**
 * Who a request comes from, for the per-client limits. By default that is the socket's address:
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only behind proxies
 * the operator names in TRUST_PROXY (see config.ts), and then read from the right, past those
 * proxies only.
 *
 * IPv6 clients are counted by their /64: one subscriber is usually given a whole /64, and would
 * otherwise have 2^64 addresses to spread guesses over.
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/** Unset: the socket only. A number: that many proxies in front. A list: those proxies' addresses. */
export type TrustProxy = { hops: number } | { proxies: BlockList } | undefined;

/**
 * TRUST_PROXY as written: empty for none, a hop count (`1`), or a comma list of addresses and
 * CIDR ranges (`10.0.0.0/8, 192.168.1.10`). Anything else is a start-up error, not a guess.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) > 0 ? { hops: Number(text) } : undefined;
  const proxies = new BlockList();
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUST_PROXY: '${entry}' is not an address or a CIDR range (e.g. 10.0.0.0/8). Give a hop count or a comma list of proxies.`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(bits), type);
  }
  return { proxies };
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An IPv4-mapped IPv6 address as the IPv4 address it is. */
const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/**
 * The client's address given the socket's and the X-Forwarded-For header: with a hop count, the
 * entry that many places from the right of [...forwarded, socket]; with a proxy list, the first
 * entry from the right that is not a listed proxy. An entry that is not an address ends the walk
 * at the proxy that passed it on.
 */
export function clientAddress(socket: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  const peer = unmapped(socket);
  if (!trust || !forwardedFor) return peer;
  const chain = [...forwardedFor.split(',').map((e) => unmapped(e.trim())), peer];
  let at = chain.length - 1;
  if ('hops' in trust) {
    for (let hop = 0; hop < trust.hops && at > 0 && isIP(chain[at - 1]); hop++) at--;
  } else {
    while (at > 0 && isIP(chain[at]) && trust.proxies.check(chain[at], familyOf(chain[at])) && isIP(chain[at - 1])) at--;
  }
  return chain[at];
}

/** The key a client's limits are counted under: its IPv4 address, or its IPv6 /64. */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address || 'unknown';
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Whether the request's socket is this machine's loopback address itself (127.0.0.1 or ::1; not
 * the rest of 127.0.0.0/8). Served in-process (app.request) there is no socket, so no.
 */
export function fromLoopback(c: Context): boolean {
  const address = socketAddress(c);
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Whether a proxy passed the request on: then its socket's address is the proxy's, not the client's. */
export function forwarded(c: Context): boolean {
  return c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined || c.req.header('x-real-ip') !== undefined;
}

/** The socket's address of a request served by @hono/node-server; '' in-process (app.request). */
function socketAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? '';
}

/** What a request's client is worked out from, taken as the request comes in (see noteClient). */
export interface ClientSource {
  socket: string;
  trust: TrustProxy;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's client as the limits count it, once requestClient has worked it out. */
    client: string;
    /** Set for every /api request by noteClient. */
    clientSource: ClientSource;
  }
}

/**
 * Notes where the request came from, as it comes in: the socket's address is read now, since a
 * client that hangs up mid-request leaves no address to read later (and must not be counted as
 * 'unknown'). What the limits key on is worked out only if a limit asks (requestClient).
 */
export function noteClient(c: Context, trust: TrustProxy): void {
  c.set('clientSource', { socket: socketAddress(c), trust });
}

/** The limits' key for this request's client (noteClient must have run), worked out once a request. */
export function requestClient(c: Context): string {
  let client = c.get('client');
  if (client === undefined) {
    const source = c.get('clientSource');
    client = clientKey(clientAddress(source.socket, c.req.header('x-forwarded-for'), source.trust));
    c.set('client', client);
  }
  return client;
}
