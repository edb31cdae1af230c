/**
 * Build-time middleware of scriptHashes (script-hashes.ts): the CSP hash of every inline script of
 * every page, taken from the HTML as it is rendered, so no page has to be read back from disk.
 * Kept on globalThis: the pages render from the build's own bundle of this module, the integration
 * that writes the list runs from another copy, in the same process.
 */
import { defineMiddleware } from 'astro:middleware';
import { inlineScriptHashes } from '#server/page-headers.ts';
import { collectedScriptHashes } from './script-hashes-store.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (import.meta.env.DEV || !context.isPrerendered || !response.headers.get('content-type')?.includes('text/html')) return response;
  const html = await response.text();
  const collected = collectedScriptHashes();
  collected.pages++;
  for (const hash of inlineScriptHashes(html, collected.seen)) collected.hashes.add(hash);
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
