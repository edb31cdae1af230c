/**
 * Query strings and path parameters, checked before they reach the database: a 400 whose message
 * names the parameter.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type * as zm from 'zod/mini';
import { CONTROL_CHARACTERS } from '#lib/control-characters.ts';
import { HttpError } from './errors.ts';
import { describeIssue, fieldMap, fieldSentence } from './issues.ts';

/**
 * Control characters (NUL above all: PostgreSQL cannot hold it in text) never belong in an id, a
 * name or a filter, so a request carrying one is refused before it reaches the database.
 */
const CONTROL_MESSAGE = 'must not contain control characters';

/** The longest path parameter looked up (ids and category names are far shorter). */
const MAX_PARAM_LENGTH = 200;

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
