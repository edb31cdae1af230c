/**
 * The one HTTP boundary for browser and build: a typed fetch with a timeout that never throws.
 * It returns `{ok: true, data}` or `{ok: false, error}` with an error kind and a message a shopper
 * can read. Gateway-style replies (`{body: "<json>"}` or `{body: {...}}`) are unwrapped first.
 */
import type { z } from 'zod';

export const API_TIMEOUT_MS = 10_000;

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'validation';

export interface ApiError {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  /** Per-field messages from a 400 reply. */
  fields?: Record<string, string>;
  /** The failed reply itself (unwrapped JSON), when the request asked for it (`keepReply`). */
  reply?: unknown;
}

export type ApiResult<T> = { ok: true; data: T; message?: string } | { ok: false; error: ApiError };

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with its own type. */
  body?: unknown;
  token?: string | null;
  timeoutMs?: number;
  /** Keep a failed reply in `error.reply`, for a caller that reads more of it (e.g. `needsVerification`). */
  keepReply?: boolean;
  /** More request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** The API origin: `PUBLIC_API_BASE` at build, else the page's own origin. */
export function defaultApiBase(): string {
  const base = (import.meta.env?.PUBLIC_API_BASE as string | undefined) ?? '';
  return base.replace(/\/+$/, '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A reply may be JSON text; if it carries `body` (a JSON string or an object), that body is the reply. */
export function unwrapGateway(reply: unknown): unknown {
  const value = typeof reply === 'string' ? parseJson(reply) : reply;
  if (value && typeof value === 'object' && 'body' in value) {
    const body = (value as { body: unknown }).body;
    if (typeof body === 'string') return parseJson(body);
    if (body && typeof body === 'object') return body;
  }
  return value;
}

function messageOf(reply: unknown): string | undefined {
  if (!reply || typeof reply !== 'object') return typeof reply === 'string' && reply ? reply : undefined;
  const r = reply as Record<string, unknown>;
  for (const key of ['message', 'error', 'details']) {
    if (typeof r[key] === 'string' && r[key]) return r[key] as string;
  }
  return undefined;
}

export function buildUrl(base: string, path: string, query?: ApiRequest['query']): string {
  const url = `${base}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export class ApiClient {
  readonly base: string;
  constructor(base: string = defaultApiBase()) {
    this.base = base.replace(/\/+$/, '');
  }

  /** Sends a request and returns the unwrapped JSON reply. Must not throw. */
  async request(path: string, req: ApiRequest = {}): Promise<ApiResult<unknown>> {
    const url = buildUrl(this.base, path, req.query);
    const headers: Record<string, string> = { ...req.headers, Accept: 'application/json' };
    const raw = typeof Blob !== 'undefined' && req.body instanceof Blob ? req.body : undefined;
    if (req.body !== undefined) headers['Content-Type'] = raw ? raw.type || 'application/octet-stream' : 'application/json';
    if (req.token) headers.Authorization = `Bearer ${req.token}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: req.method ?? 'GET',
        headers,
        body: raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body)),
        signal: AbortSignal.timeout(req.timeoutMs ?? API_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      return {
        ok: false,
        error: timedOut
          ? { kind: 'timeout', message: `The store did not answer in time (${url}).` }
          : { kind: 'network', message: `Could not reach the store (${url}).` },
      };
    }
    let reply: unknown;
    try {
      reply = unwrapGateway(await response.text());
    } catch {
      reply = undefined;
    }
    const failed = !response.ok || (reply && typeof reply === 'object' && (reply as { success?: unknown }).success === false);
    if (failed) {
      const fields = (reply as { errors?: Record<string, string> } | undefined)?.errors;
      return {
        ok: false,
        error: {
          kind: 'http',
          status: response.status,
          message: messageOf(reply) ?? `Request failed (Status: ${response.status})`,
          fields: fields && typeof fields === 'object' ? fields : undefined,
          ...(req.keepReply ? { reply } : {}),
        },
      };
    }
    return { ok: true, data: reply, message: messageOf(reply) };
  }

  /** Requests and parses the reply with `schema`, picking the payload with `pick`. */
  async get<S extends z.ZodType>(
    path: string,
    schema: S,
    pick: (reply: Record<string, unknown>) => unknown,
    req: ApiRequest = {},
  ): Promise<ApiResult<z.infer<S>>> {
    const result = await this.request(path, req);
    if (!result.ok) return result;
    const reply = (result.data && typeof result.data === 'object' ? result.data : { data: result.data }) as Record<string, unknown>;
    const parsed = schema.safeParse(pick(reply));
    if (!parsed.success) {
      return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
    }
    return { ok: true, data: parsed.data, message: result.message };
  }
}
