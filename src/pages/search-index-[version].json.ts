/** The suggestions' search index (src/features/search/build-index.ts); no file when the catalogue is too large for one. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { builtSearchIndex } from '#features/search/build-index.ts';

export const getStaticPaths = (async () => {
  const index = await builtSearchIndex();
  return index ? [{ params: { version: index.version } }] : [];
}) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const index = await builtSearchIndex();
  return new Response(index?.json ?? 'null', { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
