/**
 * The store's log, through one pino logger. LOG_FORMAT (config.ts) chooses how it reads:
 * - unset or `human`: the lines `npm start` has always printed (`▸ …` steps, `✗ …` failures), and
 *   an error's stack; nothing else, no line a request;
 * - `json`: one JSON object a line (pino's: level, time, pid, msg, and the fields given), plus one
 *   line a request answered (`request`: method, route pattern, status, ms). A line written while a
 *   request is being served carries that request's id (`requestId`, also its X-Request-Id header).
 *
 * Nothing secret may reach a line: the fields below are removed whatever object they are in
 * (passwords, tokens, codes, addresses, request bodies and headers), and no code logs a request's
 * body, query or path (a request's line names its route pattern only).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { config } from '#server/config.ts';

import type { LogFormat } from '#server/config.ts';

/** Field names never written, at the top or one level down (pino's redact paths). */
const SECRET_FIELDS = [
  'password', 'currentPassword', 'newPassword', 'token', 'sessionToken', 'resetToken', 'code', 'otp', 'totp', 'secret', 'key',
  'authorization', 'cookie', 'address', 'street', 'line1', 'line2', 'phone', 'body', 'headers', 'query', 'params', 'detail',
];
// One level down `code` stays: there it is an error's code (ECONNREFUSED, 23505), never a shopper's.
export const REDACT_PATHS = [...SECRET_FIELDS, ...SECRET_FIELDS.filter((field) => field !== 'code').map((field) => `*.${field}`)];

/** What the request being served is known by: its id for its log lines, its route pattern once routed. */
export interface RequestScope {
  requestId: string;
  route?: string;
}
const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as the request `request`'s: every line it logs carries its id. */
export function inRequest<T>(request: RequestScope, work: () => T): T {
  return scope.run(request, work);
}

/** Names the route pattern that answers the request being served (for its metrics and its line). */
export function noteRoute(route: string): void {
  const request = scope.getStore();
  if (request) request.route = route;
}

/** The id of the request being served, if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

const LEVEL_WARN = 40;

/** Error fields that may quote a statement's values (a failed query's parameters, PostgreSQL's detail). */
const ERROR_SECRETS = new Set(['params', 'parameters', 'detail', 'where', 'query']);

/**
 * An error as a line shows it: pino's serializer, without the values a failed statement quotes,
 * which may be a password's hash, a token or an address (its own fields, its cause's, its message's
 * `params:` line).
 */
function errorWithoutValues(err: unknown): unknown {
  const scrub = (value: unknown, depth: number): unknown => {
    if (!value || typeof value !== 'object' || depth > 4) return typeof value === 'string' ? value.replace(/^params: .*$/gm, 'params: [redacted]') : value;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) out[key] = ERROR_SECRETS.has(key) ? '[redacted]' : scrub(field, depth + 1);
    return out;
  };
  return err instanceof Error ? scrub(pino.stdSerializers.err(err), 0) : err;
}

/** The human lines: `msg` as written (the ▸ and ✗ are the caller's), an error's stack after it. */
function humanLines(out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): DestinationStream {
  return {
    write(line: string) {
      const entry = JSON.parse(line) as { level: number; msg?: string; err?: { stack?: string; message?: string } };
      const stack = entry.err?.stack ?? entry.err?.message;
      const text = stack && (!entry.msg || stack.includes(entry.msg)) ? stack : [entry.msg, stack].filter(Boolean).join('\n');
      (entry.level >= LEVEL_WARN ? err : out).write(`${text}\n`);
    },
  };
}

/** A logger in `format`, to `destination` (default: standard output; human lines put warnings and errors on standard error). */
export function createLogger(format: LogFormat, destination?: DestinationStream): Logger {
  return pino(
    {
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      serializers: { err: errorWithoutValues },
    },
    destination ?? (format === 'json' ? pino.destination({ dest: 1, sync: true }) : humanLines()),
  );
}

/** The process's logger, in LOG_FORMAT. */
export let log: Logger = createLogger(config.logFormat);
/** Whether each request answered gets a line (JSON logs only: human lines keep `npm start`'s look). */
let requestLines = config.logFormat === 'json';

/** Whether to write a line for each request answered. */
export const logsRequests = () => requestLines;

/** Replaces the process's logger, in `format` (tests capture the lines this way); returns how to put the previous back. */
export function useLogger(next: Logger, format: LogFormat): () => void {
  const previous = { log, requestLines };
  log = next;
  requestLines = format === 'json';
  return () => {
    log = previous.log;
    requestLines = previous.requestLines;
  };
}

/** An unexpected error, with the request's id when one is being served. */
export function logUnexpected(err: unknown, message = 'Unexpected error'): void {
  log.error({ err }, message);
}
