/**
 * Gzip for the API's JSON replies, done once on the finished bytes: a reply of 1 KB or more goes
 * out gzipped to a client that takes gzip, a smaller one as it is, each with its Content-Length.
 * (Hono's compress middleware streams every reply through a CompressionStream, tiny ones too,
 * since it cannot see their length: that cost more than the rest of a cached read.) Replies that
 * are already encoded (the catalogue's finished replies, catalog/cache.ts) pass untouched.
 */
import type { Context } from 'hono';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, GZIP_FROM_BYTES } from './http/replies.ts';

/** Called once the reply exists (http/api-middleware.ts): replaces `c.res` with its gzipped or measured copy. */
export async function compressReply(c: Context): Promise<void> {
  // A finished reply (catalog/cache.ts, jsonReply) is already what it should be: looking at its
  // headers would make the server copy it.
  if (c.get('finished')) return;
  const res = c.res;
  if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding') || !res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.set('Vary', 'Accept-Encoding');
  let sent: Buffer = body;
  if (body.length >= GZIP_FROM_BYTES && acceptsGzip(c)) {
    sent = gzipSync(body, { level: 6 });
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(sent.length));
  c.res = undefined;
  c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status: res.status, headers });
}
