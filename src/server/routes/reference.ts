/**
 * The API's contract for people and programs: GET /api/openapi.json (OpenAPI 3.1, made from the
 * routes' own declarations, http/openapi.ts) and GET /api/reference, a page that shows it with
 * Scalar's API reference. The page's script is Scalar's browser bundle from our own dependency,
 * served here (no CDN: the store may run without the internet), and the page carries the shop
 * pages' Content-Security-Policy (scripts from this origin only, no inline script, no eval), so
 * nothing on it runs that the shop's pages would refuse. No shop page links or loads any of it.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { contentSecurityPolicy } from '#server/page-headers.ts';
import { acceptsGzip } from '#server/http/replies.ts';
import { route, SECURITY_SCHEMES } from '#server/http/openapi.ts';

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Kiryana API reference</title>
</head>
<body>
<div id="app"></div>
<script src="reference/scalar.js"></script>
<script src="reference/start.js"></script>
</body>
</html>
`;

/**
 * Scalar's own options: the document beside the page, the system's fonts (no font CDN), and none of
 * its hosted services (AI chat, MCP, SDK generation, telemetry), which would call other origins.
 */
const START_SCRIPT = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: 'openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
})});\n`;

const require = createRequire(import.meta.url);
let bundle: { body: Buffer; gzip: Buffer } | undefined;
/** Scalar's browser bundle (about 5 MB), read and gzipped once a process, when first asked for. */
function scalarBundle() {
  if (!bundle) {
    const body = readFileSync(join(dirname(require.resolve('@scalar/api-reference')), 'browser/standalone.js'));
    bundle = { body, gzip: gzipSync(body, { level: 9 }) };
  }
  return bundle;
}

const TAG = 'Reference';
const text = (description: string, mediaType: string) => ({ 200: { description, mediaType } });

/** Serves the document and the reference page on `app` (the whole API, every route declared on it first). */
export function referenceRoutes(app: OpenAPIHono, info: { version: string }) {
  let document: string | undefined;
  route(app, {
    method: 'get',
    path: '/api/openapi.json',
    tag: TAG,
    summary: 'This document',
    replies: { 200: { description: 'OpenAPI 3.1.', schema: z.looseObject({ openapi: z.literal('3.1.0') }) } },
  }, (c) => {
    document ??= JSON.stringify(openApiDocument(app, info));
    c.header('Cache-Control', 'no-cache');
    return c.body(document, 200, { 'Content-Type': 'application/json' });
  });

  route(app, { method: 'get', path: '/api/reference', tag: TAG, summary: 'The readable reference page', replies: text('The page.', 'text/html') }, (c) => {
    c.header('Content-Security-Policy', contentSecurityPolicy([]));
    c.header('Cache-Control', 'no-cache');
    return c.html(REFERENCE_PAGE);
  });

  route(app, { method: 'get', path: '/api/reference/start.js', tag: TAG, summary: "The page's start script", replies: text('JavaScript.', 'text/javascript') }, (c) =>
    c.body(START_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  route(app, { method: 'get', path: '/api/reference/scalar.js', tag: TAG, summary: "Scalar's API reference, the page's script", replies: text('JavaScript.', 'text/javascript') }, (c) => {
    const { body, gzip } = scalarBundle();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Vary', 'Accept-Encoding');
    if (acceptsGzip(c)) {
      c.header('Content-Encoding', 'gzip');
      return c.body(gzip as Uint8Array<ArrayBuffer>);
    }
    return c.body(body as Uint8Array<ArrayBuffer>);
  });
}

/** The OpenAPI 3.1 document of every route declared on `app`. */
export function openApiDocument(app: OpenAPIHono, info: { version: string }) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    if (!app.openAPIRegistry.definitions.some((d) => d.type === 'component' && d.name === name)) app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  }
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Kiryana API',
      version: info.version,
      description:
        'Every route the store serves under /api. Replies are JSON with `success`; a refusal is `{success: false, message, errors?}`. ' +
        'Limits, rate limits, caching and the words of each refusal are described in docs/api.md.',
    },
  });
}
