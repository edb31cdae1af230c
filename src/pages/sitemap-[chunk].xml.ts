import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalogue } from '#features/catalog/build-data.ts';
import { SITEMAP_CHUNK, sitemapEntries, urlset } from '#features/catalog/sitemap.ts';

export const getStaticPaths = (async () => {
  const entries = sitemapEntries(await loadCatalogue());
  return Array.from({ length: Math.ceil(entries.length / SITEMAP_CHUNK) }, (_, i) => ({
    params: { chunk: String(i) },
    props: { entries: entries.slice(i * SITEMAP_CHUNK, (i + 1) * SITEMAP_CHUNK) },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) =>
  new Response(urlset(props.entries, site!), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
