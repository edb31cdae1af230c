/** sitemap.xml: an index of chunks of at most SITEMAP_CHUNK URLs each (the protocol allows 50,000). */
import { paths, TEXT_PAGES } from '#lib/paths.ts';
import type { Catalogue } from './build-data.ts';
import { categoryPages } from './category-pages.ts';

export const SITEMAP_CHUNK = 10_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export function sitemapEntries(catalogue: Catalogue): SitemapEntry[] {
  return [
    { path: paths.home() },
    ...TEXT_PAGES.map((p) => ({ path: paths.textPage(p) })),
    ...categoryPages(catalogue).map((p) => ({ path: paths.categoryPage(p.category._id, p.page) })),
    ...catalogue.products.map((p) => ({ path: paths.product(p._id), lastmod: p.createdAt.slice(0, 10) })),
  ];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function urlset(entries: SitemapEntry[], site: URL): string {
  const urls = entries
    .map((e) => `<url><loc>${escape(new URL(e.path, site).href)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

export function sitemapIndex(chunks: number, site: URL): string {
  const items = Array.from({ length: chunks }, (_, i) => `<sitemap><loc>${new URL(paths.sitemapChunk(i), site).href}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`;
}
