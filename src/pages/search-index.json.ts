/**
 * The suggestions' search index (src/features/search/build-index.ts) at its one address; no file
 * when the catalogue is too large for one (the build writes nothing for an empty body).
 */
import type { APIRoute } from 'astro';
import { builtSearchIndex } from '#features/search/build-index.ts';

export const GET: APIRoute = async () => {
  const index = await builtSearchIndex();
  if (!index) return new Response(null, { status: 404 });
  return new Response(index.json, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
