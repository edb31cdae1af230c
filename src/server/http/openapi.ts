/**
 * A route is its contract: `route(app, operation, handler)` mounts the handler at the operation's
 * method and path and writes the operation into the app's OpenAPI document (@hono/zod-openapi's
 * registry, merged up through `app.route()`), so /api/openapi.json is made from the schemas the
 * routes use and nothing about a route's shape is written a second time by hand.
 *
 * The request schemas describe; the handler still reads the request itself (parseBody, parseQuery,
 * pathParam), so the store's bounded body reader, its 400 with per-field `errors` and its words stay
 * what they are: @hono/zod-openapi's own validators (which read bodies without a limit and answer
 * in their own shape) are not used. Schemas become JSON Schema through zod's own `toJSONSchema`
 * (OpenAPI 3.1 uses JSON Schema 2020-12), which reads the zod/mini schemas shared with the browser
 * too; the browser never imports this module.
 */
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import { z } from 'zod';
import type * as zm from 'zod/mini';
import { LIVE_PRODUCT_JSON } from '#lib/live-figures.ts';
import { ORDER_REPLY_JSON } from '#lib/schemas/order-replies.ts';

export type Schema = z.ZodType | zm.ZodMiniType;

/** A zod/mini schema as a part of a zod object (one core: zod nests either kind). */
export const part = (schema: Schema) => schema as z.ZodType;

export interface Reply {
  description: string;
  /** The JSON body (absent: no body, as a 304's). */
  schema?: Schema;
  /** A body that is not JSON (the reference page), by media type. */
  mediaType?: string;
  /** A body in one of several media types (the catalogue export: JSON or CSV), each with its schema, or null for text. */
  mediaTypes?: Record<string, Schema | null>;
  headers?: Record<string, string>;
}

/** Who may call: anyone, a signed-in shopper, either (a token widens the reply), the operator channel, or staff (the cookie). */
export type Access = 'public' | 'bearer' | 'optional bearer' | 'operator' | 'staff' | 'metrics';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form, relative to where the app is mounted: `/{id}/related`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access?: Access;
  /** OpenAPI extensions of the operation: a staff route's `x-permission` and `x-audit`. */
  extensions?: Record<`x-${string}`, string>;
  /** The strict zod object the handler reads the query with. */
  query?: Schema;
  /** Path parameters the handler checks with a schema of its own; others are text up to 200 characters (pathParam). */
  params?: Record<string, Schema>;
  /** Request headers the route reads, by name: their description. */
  headers?: Record<string, string>;
  /** The JSON body's schema, or a text body's media type and description. */
  body?: Schema | { mediaType: string; description: string };
  replies: Record<number, Reply>;
}

/**
 * The JSON Schema the browser's schemas state beside their z.custom checks and their shared number
 * and time schemas, as metadata, which `toJSONSchema` merges into what it makes of each. A custom
 * without it has no JSON Schema, and making the document fails rather than declare it as anything.
 */
for (const [schema, json] of [...ORDER_REPLY_JSON, ...LIVE_PRODUCT_JSON]) z.globalRegistry.add(schema as z.ZodType, json);
const unrepresentable = ({ zodSchema }: { zodSchema: unknown }) => (z.globalRegistry.has(zodSchema as z.ZodType) ? 'any' : 'throw');

const jsonSchema = (schema: Schema, io: 'input' | 'output'): Record<string, unknown> => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema as z.ZodType, { io, target: 'draft-2020-12', unrepresentable }) as Record<string, unknown>;
  return rest;
};

/** What every refusal looks like: `errors` maps a field's path to its sentence. */
export const RefusalSchema = z.strictObject({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const refusal = (description: string): Reply => ({ description, schema: RefusalSchema });

/** `{success: true, data}`, the catalogue's and the account reads' envelope. */
export const dataReply = (data: Schema) => z.strictObject({ success: z.literal(true), data: part(data) });

const BEARER_REFUSAL = refusal("No, an unknown, an expired or a revoked token: 'Please sign in again.'");
const BODY_REFUSALS: Record<number, Reply> = {
  400: refusal('A body that is not a JSON object of this shape, not UTF-8, or nested over 32 levels: `errors` names each bad field.'),
  413: refusal('A body over 16 KiB (counted as it streams in); the connection is closed.'),
};
const SERVER_ERROR = refusal("Anything unexpected: 'Server Error', logged, never a stack.");

const SECURITY: Record<Access, Array<Record<string, string[]>> | undefined> = {
  public: undefined,
  bearer: [{ bearer: [] }],
  'optional bearer': [{}, { bearer: [] }],
  operator: [{ operatorKey: [] }],
  metrics: [{}, { metricsKey: [] }],
  staff: [{ staffCookie: [] }],
};

/** The security schemes the operations name. */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: 'A session token from sign-in or verification (30 days; logout revokes it).' },
  operatorKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Kiryana-Operator-Key',
    description: 'The key the store wrote beside its embedded database, from loopback only; anything else is a 403.',
  },
  metricsKey: { type: 'http', scheme: 'bearer', description: 'METRICS_KEY, for a scraper on another machine; a loopback request that came through no proxy needs none.' },
  staffCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'kiryana_staff',
    description: 'A staff session (HttpOnly, SameSite=Strict; 8 hours idle). Each staff operation names the permission it needs in `x-permission`.',
  },
} as const;

function content(reply: Reply) {
  if (reply.mediaTypes) return Object.fromEntries(Object.entries(reply.mediaTypes).map(([type, schema]) => [type, { schema: schema ? jsonSchema(schema, 'output') : { type: 'string' } }]));
  if (reply.mediaType) return { [reply.mediaType]: { schema: reply.schema ? jsonSchema(reply.schema, 'output') : { type: 'string' } } };
  return reply.schema ? { 'application/json': { schema: jsonSchema(reply.schema, 'output') } } : undefined;
}

/** The operation as OpenAPI: parameters, body and every reply, with the refusals every such route can give. */
function describe(op: Operation) {
  const parameters: Array<Record<string, unknown>> = [];
  for (const name of op.path.match(/\{\w+\}/g) ?? []) {
    const key = name.slice(1, -1);
    const given = op.params?.[key];
    parameters.push({ name: key, in: 'path', required: true, schema: given ? jsonSchema(given, 'input') : { type: 'string', minLength: 1, maxLength: 200 } });
  }
  if (op.query) {
    const query = jsonSchema(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  for (const [name, description] of Object.entries(op.headers ?? {})) parameters.push({ name, in: 'header', required: false, description, schema: { type: 'string' } });

  const replies: Record<number, Reply> = { ...op.replies };
  if (op.body && !('mediaType' in op.body)) for (const [status, reply] of Object.entries(BODY_REFUSALS)) replies[Number(status)] ??= reply;
  if (op.access === 'bearer' || op.access === 'optional bearer') replies[401] ??= BEARER_REFUSAL;
  replies[500] ??= SERVER_ERROR;
  const responses = Object.fromEntries(
    Object.entries(replies).map(([status, reply]) => [
      status,
      {
        description: reply.description,
        ...(content(reply) ? { content: content(reply) } : {}),
        ...(reply.headers ? { headers: Object.fromEntries(Object.entries(reply.headers).map(([name, d]) => [name, { description: d, schema: { type: 'string' } }])) } : {}),
      },
    ]),
  );
  const body = op.body
    ? 'mediaType' in op.body
      ? { required: true, description: op.body.description, content: { [op.body.mediaType]: { schema: { type: 'string' } } } }
      : { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } }
    : undefined;
  const security = SECURITY[op.access ?? 'public'];
  return createRoute({
    method: op.method,
    path: op.path,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { request: { body } } : {}),
    ...(security ? { security } : {}),
    ...op.extensions,
    responses,
  } as Parameters<typeof createRoute>[0]);
}

/** A Hono app whose routes write the document (every routes module makes its app here). */
export const documentedRoutes = () => new OpenAPIHono();

/** Mounts `handler` at the operation's method and path, and writes the operation into the document. */
export function route(app: OpenAPIHono, op: Operation, handler: Handler): void {
  app.openAPIRegistry.registerPath(describe(op));
  app.on(op.method.toUpperCase(), op.path.replace(/\{(\w+)\}/g, ':$1'), handler);
}
