/**
 * Request bodies, read within limits: at most MAX_BODY_BYTES (a 413 that closes the connection
 * past it), UTF-8, JSON nested at most MAX_BODY_DEPTH deep, and checked with a strict zod schema
 * (parseBody) whose replies name every bad field.
 */
import type { Context } from 'hono';
import { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type * as zm from 'zod/mini';
import { HttpError } from './errors.ts';
import { fieldMap, fieldSentence } from './issues.ts';

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
  return utf8(await readBodyBytes(c, limit));
}

/** The request body's bytes, with readBodyText's limits, for a route that decodes them itself. */
export async function readBodyBytes(c: Context, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const announced = c.req.header('content-length');
  if (announced !== undefined && !(Number(announced) <= limit)) throw tooLarge(limit);
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? readIncoming(incoming, limit) : readWebBody(c, limit);
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

/**
 * Reads a JSON body (at most `limit` bytes) and checks it with a strict zod object schema. Anything else is a 400 whose
 * `errors` map every bad field to a sentence (an unknown field: "Unknown field 'x'.") and whose
 * message is the first of them; a body that is not a JSON object is a 400 naming `body`.
 */
export async function parseBody<S extends zm.ZodMiniType | z.ZodType>(c: Context, schema: S, limit = MAX_BODY_BYTES): Promise<z.output<S>> {
  const body = await readJsonBody(c, limit);
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

