/**
 * Hands a request on to the e2e store and its reply back, for specs that serve pages of their own
 * (another build, a held file) in front of the store's API. The reply's body arrives decoded
 * (fetch undoes the gzip), so its encoding and length headers are dropped.
 */
export function forwardTo(origin: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.delete('host');
    const reply = await fetch(new URL(url.pathname + url.search, origin), { method: request.method, headers });
    const out = new Headers(reply.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    return new Response(reply.body, { status: reply.status, headers: out });
  };
}
