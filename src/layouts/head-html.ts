/**
 * What BaseLayout writes in every page's head before the page's own additions, as one string:
 * title, description, canonical URL, the icons and the web app manifest (public/manifest.webmanifest),
 * Open Graph, JSON-LD and the two inline scripts that must run
 * before the first paint. A string because 10,000 product pages each render it (lib/html.ts).
 */
import { attr, escapeHtml } from '#lib/html.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';

export interface HeadOptions {
  title: string;
  description: string;
  /** Absolute; none on a page kept out of search results. */
  canonical?: string;
  /** Absolute. */
  ogImage: string;
  ogType: string;
  jsonLd?: object;
  noindex: boolean;
}

// Inline scripts ship as written, on every page: kept to one line.
/** Signed in (a token is stored): set before the first paint, so the user area never flips. */
const SIGNED_IN_SCRIPT = `<script>try{var t=localStorage.token;t&&t.trim()&&document.documentElement.setAttribute('data-signed-in','')}catch(e){}</script>`;
/**
 * A picture that does not load shows the placeholder instead (its sources go, so none is tried
 * again); its own URL stays in data-fallback (catalog/item.ts reads it).
 */
const IMAGE_FALLBACK_SCRIPT = `<script>document.addEventListener('error',function(e){var i=e.target,p;if(!(i instanceof HTMLImageElement)||i.dataset.fallback)return;i.dataset.fallback=i.getAttribute('src')||'1';p=i.parentElement;if(p&&p.tagName==='PICTURE')p.querySelectorAll('source').forEach(function(s){s.remove()});i.removeAttribute('srcset');i.src=${JSON.stringify(PLACEHOLDER_IMAGE)}},true)</script>`;

/** The page's full title: the shop's name after the page's, or the shop's own line on the home page. */
export function fullTitle(title: string): string {
  return title === 'Kiryana' ? 'Kiryana: Groceries delivered across Pakistan' : `${title} | Kiryana`;
}

export function headHtml({ title, description, canonical, ogImage, ogType, jsonLd, noindex }: HeadOptions): string {
  const full = fullTitle(title);
  return (
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(full)}</title><meta name="description"${attr('content', description)}>` +
    (canonical ? `<link rel="canonical"${attr('href', canonical)}>` : '') +
    (noindex ? `<meta name="robots" content="noindex">` : '') +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest"><link rel="apple-touch-icon" href="/icons/icon-192.png"><meta name="theme-color" content="#15803d"><meta property="og:site_name" content="Kiryana">` +
    `<meta property="og:type"${attr('content', ogType)}><meta property="og:title"${attr('content', full)}><meta property="og:description"${attr('content', description)}>` +
    (canonical ? `<meta property="og:url"${attr('content', canonical)}>` : '') +
    `<meta property="og:image"${attr('content', ogImage)}><meta property="og:locale" content="en_PK"><meta name="twitter:card" content="summary_large_image">` +
    (jsonLd ? `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>` : '') +
    SIGNED_IN_SCRIPT +
    IMAGE_FALLBACK_SCRIPT
  );
}
