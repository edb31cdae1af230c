/**
 * Reply helpers shared by every route: the `{success, message?, data?, errors?}` envelope,
 * HttpError for expected failures, and query parsing with messages that name the parameter.
 */
import { Hono, type Context } from 'hono';
import { IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type * as zm from 'zod/mini';

export interface HttpErrorExtras {
  /** Reply headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
  /** More fields for the reply body beside success, message and errors (e.g. needsVerification). */
  fields?: Record<string, unknown>;
}

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string>;
  readonly extras?: HttpErrorExtras;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string>, extras?: HttpErrorExtras) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.extras = extras;
  }
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>, extras?: HttpErrorExtras) {
  for (const [name, value] of Object.entries(extras?.headers ?? {})) c.header(name, value);
  return jsonReply(c, { success: false as const, ...extras?.fields, message, ...(errors ? { errors } : {}) }, status, 'no-store');
}

/**
 * A JSON reply made in one go: its bytes (gzipped from 1 KB for a client that takes gzip), their
 * length, and every header set before the reply exists, so no middleware has to copy it after.
 */
export function jsonReply(c: Context, body: unknown, status: ContentfulStatusCode, cache: string) {
  const bytes = Buffer.from(JSON.stringify(body));
  c.header('Cache-Control', cache);
  c.header('Content-Type', 'application/json');
  c.header('Vary', 'Accept-Encoding');
  c.set('finished', true);
  if (bytes.length >= GZIP_FROM_BYTES && acceptsGzip(c)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(gzipSync(bytes, { level: 6 }) as Uint8Array<ArrayBuffer>, status);
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, status);
}

/** Smaller replies are sent as they are: gzip would save little and cost more. */
export const GZIP_FROM_BYTES = 1024;

/** A Hono app whose every reply says `Cache-Control: no-store` (accounts, orders, reviews, lists). */
export function uncachedRoutes() {
  const app = new Hono();
  app.use('*', async (c, next) => {
    // Set before the reply exists, so the reply is made with it: a header set on a finished reply
    // makes Hono copy the whole reply (through a stream) to change it.
    c.header('Cache-Control', 'no-store');
    await next();
    // Only a reply made without the context's headers would lack it; that one is copied.
    if (c.res.headers.get('Cache-Control') !== 'no-store') c.header('Cache-Control', 'no-store');
  });
  return app;
}

/**
 * The request's `Idempotency-Key` header, if any, when it matches `pattern` (IDEMPOTENCY_KEY,
 * src/lib/idempotency-key.ts); otherwise a 400 with `message` (each API words it for its own shoppers).
 */
export function idempotencyKeyOf(c: Context, pattern: RegExp, message: string): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !pattern.test(key)) throw new HttpError(400, message, { 'Idempotency-Key': message });
  return key;
}

/** Catalogue reads may be cached briefly by browsers and CDNs. */
export const CATALOG_CACHE = 'public, max-age=60';

export function ok<T>(c: Context, data: T, cache = CATALOG_CACHE) {
  return jsonReply(c, { success: true as const, data }, 200, cache);
}

/**
 * zod's own default messages ("Invalid input: …", "Invalid email address", "Too big: …"); anything
 * else was written in the schema and is kept, including schema sentences that start with "Invalid"
 * and carry a period or a colon of their own (the checkout's 'Invalid email address.' and
 * 'Invalid cart data: …').
 */
const DEFAULT_MESSAGE = /^(Invalid( input| option| string:| number:| key| element|[^.:]*$)|Too (big|small)|Unrecognized|Expected|expected)/;

/** A human sentence for one zod issue, without the field name: "must be at most 500". */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return issue.inclusive === false ? `must be below ${String(issue.maximum)}` : `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'is required';
      return issue.inclusive === false ? `must be above ${String(issue.minimum)}` : `must be at least ${String(issue.minimum)}`;
    case 'invalid_type':
      if (issue.expected === 'int') return 'must be a whole number';
      if (/received undefined/.test(issue.message)) return 'is required';
      return issue.expected === 'number' ? 'must be a number' : `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `must be ${String(issue.values[0])}`;
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'datetime' ? 'must be an ISO date-time such as 2024-05-01T10:00:00Z' : `must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/**
 * Control characters (NUL above all: PostgreSQL cannot hold it in text) never belong in an id, a
 * name or a filter, so a request carrying one is refused before it reaches the database.
 */
/** Characters no id or name holds (a NUL cannot even reach PostgreSQL). */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CONTROL_MESSAGE = 'must not contain control characters';

/** The longest path parameter looked up (ids and category names are far shorter). */
export const MAX_PARAM_LENGTH = 200;

/**
 * A path parameter as text the database can compare: a 400 naming the parameter when it holds
 * a control character or is longer than MAX_PARAM_LENGTH.
 */
export function pathParam(c: Context, name: string): string {
  const value = c.req.param(name) ?? '';
  const problem = CONTROL_CHARACTERS.test(value)
    ? CONTROL_MESSAGE
    : value.length > MAX_PARAM_LENGTH
      ? `must be at most ${MAX_PARAM_LENGTH} characters`
      : undefined;
  if (problem) throw new HttpError(400, `Invalid path parameter '${name}': ${problem}`, { [name]: problem });
  return value;
}

/**
 * A map from client-chosen names to text, with no prototype: a parameter or field called
 * 'valueOf' or 'constructor' is an entry like any other, not an inherited function.
 */
const fieldMap = (): Record<string, string> => Object.create(null) as Record<string, string>;

/**
 * Parses a query string with a strict zod object schema. Unknown, repeated or invalid parameters,
 * and values holding control characters, raise a 400 whose message names the first bad parameter
 * and whose `errors` name them all.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const all = c.req.queries();
  const raw = fieldMap();
  const errors = fieldMap();
  for (const [key, values] of Object.entries(all)) {
    if (values.length > 1) errors[key] = 'must be given only once';
    else if (values.some((v) => CONTROL_CHARACTERS.test(v))) errors[key] = CONTROL_MESSAGE;
    raw[key] = values[values.length - 1];
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) errors[key] ??= 'is not a known parameter';
      } else {
        const key = String(issue.path[0] ?? 'query');
        errors[key] ??= describeIssue(issue);
      }
    }
  }
  const [first] = Object.entries(errors);
  if (first) throw new HttpError(400, `Invalid query parameter '${first[0]}': ${first[1]}`, errors);
  return (parsed as { data: z.output<S> }).data;
}

/** The longest request body read (a 1024-character password and a 500-character address fit many times). */
export const MAX_BODY_BYTES = 16 * 1024;
/** The deepest nesting of arrays and objects a body may have (the deepest schema nests three). */
export const MAX_BODY_DEPTH = 32;
const BODY_MESSAGE = 'The request body must be a JSON object.';

/**
 * A body over the limit is refused as soon as it passes it, and the reply closes the connection:
 * the rest of an endless upload is neither kept nor waited for.
 */
function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body must be at most ${limit} bytes.`, { body: 'is too large' }, { headers: { Connection: 'close' } });
}

/**
 * The request body as text, read chunk by chunk and given up as soon as it passes `limit` bytes,
 * whether the client announced a length (refused before reading when it is too long) or streams
 * it chunked. Bytes that are not UTF-8 are a 400.
 */
export async function readBodyText(c: Context, limit = MAX_BODY_BYTES): Promise<string> {
  const announced = c.req.header('content-length');
  if (announced !== undefined && !(Number(announced) <= limit)) throw tooLarge(limit);
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return utf8(incoming instanceof IncomingMessage ? await readIncoming(incoming, limit) : await readWebBody(c, limit));
}

/**
 * The body straight from Node's request, as @hono/node-server hands it to a served app: asking for
 * `c.req.raw.body` instead builds a WHATWG Request and stream around it, which cost an order about
 * as much as validating it. Past `limit` it stops reading (the 413's Connection: close ends the rest).
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((done, failed) => {
    if (incoming.readableEnded) return done(Buffer.alloc(0)); // read already: nothing is left
    if (incoming.destroyed) return failed(unreadable());
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        stop();
        incoming.pause();
        failed(tooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      done(Buffer.concat(chunks, total));
    };
    const onError = () => {
      stop();
      failed(unreadable());
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => {
      if (!incoming.readableEnded) onError();
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

const unreadable = () => new HttpError(400, 'The request body could not be read.', { body: 'could not be read' });

function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The request body must be UTF-8 text.', { body: 'must be UTF-8 text' });
  }
}

/** The body through the Request's stream (an app called without Node's request, as tests call it). */
async function readWebBody(c: Context, limit: number): Promise<Buffer> {
  const stream = c.req.raw.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        void reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unreadable();
  }
  return Buffer.concat(chunks);
}

/** How deeply arrays and objects nest in JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The body as parsed JSON through readBodyText: a 413 past the limit, a 400 for nesting deeper than
 * MAX_BODY_DEPTH or text that is not JSON. Every route that takes a body reads it here.
 */
export async function readJsonBody(c: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(c, limit);
  if (jsonDepth(text) > MAX_BODY_DEPTH) {
    const message = `The request body must not nest more than ${MAX_BODY_DEPTH} levels deep.`;
    throw new HttpError(400, message, { body: message });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, BODY_MESSAGE, { body: BODY_MESSAGE });
  }
}

/** A sentence for one zod issue about `field`: the schema's own sentence, or "{field} {rule}.". */
function fieldSentence(field: string, issue: z.core.$ZodIssue): string {
  const text = describeIssue(issue);
  return text === issue.message && !DEFAULT_MESSAGE.test(text) ? text : `${field} ${text}.`;
}

/**
 * Reads a JSON body and checks it with a strict zod object schema. Anything else is a 400 whose
 * `errors` map every bad field to a sentence (an unknown field: "Unknown field 'x'.") and whose
 * message is the first of them; a body that is not a JSON object is a 400 naming `body`.
 */
export async function parseBody<S extends zm.ZodMiniType | z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, BODY_MESSAGE, { body: BODY_MESSAGE });
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as z.output<S>;
  const errors = fieldMap();
  // Fields are named by their path: 'email', or in nested bodies 'shippingAddress.city', 'items.0.price'.
  for (const issue of parsed.error.issues) {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...at, key].join('.')] ??= `Unknown field '${[...at, key].join('.')}'.`;
    } else {
      const field = at.length ? at.join('.') : 'body';
      errors[field] ??= fieldSentence(field, issue);
    }
  }
  throw new HttpError(400, Object.values(errors)[0] ?? BODY_MESSAGE, errors);
}

/**
 * A path parameter checked with a zod schema: a 400 naming the parameter (with `message`, or the
 * schema's sentence) when it does not pass.
 */
export function parseParam<S extends zm.ZodMiniType | z.ZodType>(c: Context, name: string, schema: S, message?: string): z.output<S> {
  const parsed = schema.safeParse(c.req.param(name) ?? '');
  if (parsed.success) return parsed.data as z.output<S>;
  const text = message ?? fieldSentence(name, parsed.error.issues[0]);
  throw new HttpError(400, text, { [name]: text });
}

/** Whether the request takes a gzip body (Accept-Encoding names gzip or *, without q=0). */
export function acceptsGzip(c: Context): boolean {
  const header = c.req.header('accept-encoding');
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Sends a finished reply (catalog/cache.ts) with its ETag: 304 when the client holds it already
 * (If-None-Match), its gzip when the client takes one, the JSON bytes otherwise.
 */
export function sendFinished(c: Context, reply: { body: Uint8Array; gzip?: Uint8Array; etag: string }, cache = CATALOG_CACHE) {
  c.header('Cache-Control', cache);
  c.header('ETag', reply.etag);
  c.header('Vary', 'Accept-Encoding, Origin');
  c.set('finished', true);
  const held = c.req.header('if-none-match');
  if (held && held.split(',').some((tag) => tag.trim() === reply.etag || tag.trim() === '*')) return c.body(null, 304);
  c.header('Content-Type', 'application/json');
  if (reply.gzip && acceptsGzip(c)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(reply.gzip as Uint8Array<ArrayBuffer>);
  }
  return c.body(reply.body as Uint8Array<ArrayBuffer>);
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The reply is a finished one (sendFinished): middleware leaves it as it is. */
    finished: boolean;
  }
}
