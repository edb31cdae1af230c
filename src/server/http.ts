/**
 * Reply helpers shared by every route: the `{success, message?, data?, errors?}` envelope,
 * HttpError for expected failures, and query parsing with messages that name the parameter.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string>;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
  }
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
  c.header('Cache-Control', 'no-store');
  return c.json({ success: false as const, message, ...(errors ? { errors } : {}) }, status);
}

/** Catalogue reads may be cached briefly by browsers and CDNs. */
export const CATALOG_CACHE = 'public, max-age=60';

export function ok<T>(c: Context, data: T, cache = CATALOG_CACHE) {
  c.header('Cache-Control', cache);
  return c.json({ success: true as const, data });
}

/** zod's own default messages; anything else was written in the schema and is kept. */
const DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected|expected)/;

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
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
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
 * Parses a query string with a strict zod object schema. Unknown, repeated or invalid parameters,
 * and values holding control characters, raise a 400 whose message names the first bad parameter
 * and whose `errors` name them all.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const all = c.req.queries();
  const raw: Record<string, string> = {};
  const errors: Record<string, string> = {};
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
