import type { APIRoute } from 'astro';
import { loadCatalogue } from '#features/catalog/build-data.ts';
import { SITEMAP_CHUNK, sitemapEntries, sitemapIndex } from '#features/catalog/sitemap.ts';

export const GET: APIRoute = async ({ site }) => {
  const count = sitemapEntries(await loadCatalogue()).length;
  return new Response(sitemapIndex(Math.ceil(count / SITEMAP_CHUNK), site!), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
