/**
 * What BaseLayout writes in every page's head before the page's own additions, as one string:
 * title, description, canonical URL, the icons and the web app manifest (public/manifest.webmanifest),
 * Open Graph, JSON-LD and the inline scripts that must run before the first paint. A string because
 * 10,000 product pages each render it (lib/html.ts).
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
  /** The page shows the chrome: it holds early taps (TAP_QUEUE_SCRIPT). */
  tapQueue: boolean;
}

// Inline scripts ship as written, on every page: kept to one line.
/** Signed in (a token is stored): set before the first paint, so the user area never flips. */
const SIGNED_IN_SCRIPT = `<script>try{var t=localStorage.token;t&&t.trim()&&document.documentElement.setAttribute('data-signed-in','')}catch(e){}</script>`;
/**
 * A picture that does not load shows the placeholder instead (its sources go, so none is tried
 * again); its own URL stays in data-fallback (catalog/item.ts reads it).
 */
const IMAGE_FALLBACK_SCRIPT = `<script>document.addEventListener('error',function(e){var i=e.target,p;if(!(i instanceof HTMLImageElement)||i.dataset.fallback)return;i.dataset.fallback=i.getAttribute('src')||'1';p=i.parentElement;if(p&&p.tagName==='PICTURE')p.querySelectorAll('source').forEach(function(s){s.remove()});i.removeAttribute('srcset');i.src=${JSON.stringify(PLACEHOLDER_IMAGE)}},true)</script>`;

/**
 * Taps that come before their handler, from the first parse (pages with the chrome: cards, hearts,
 * menus, the buy box): a click on such a control while its module has not run is held (no default,
 * no other listener), the control marked `aria-busy` (global.css dims it) and queued in
 * `window.tapQueue` with the module that handles it: `buy-box` for the buy box's own buttons
 * (catalog/product/buy-box.ts), `chrome` for the rest (chrome/interactive.ts, which also holds the
 * buy box's heart). Each module, once its handlers are in place, replays its taps in order
 * (components/tap-queue.ts) and sets `tapQueue[module]`, after which its taps pass.
 * A held tap shows its result at once: a heart flips `aria-pressed` (drawn filled or empty, each tap),
 * a held Add to Cart says "Adding..." (global.css). Which taps are replayed, and how often, is
 * tap-queue.ts's rule: this script, in every page, only holds.
 */
export const TAP_QUEUE_SCRIPT = `<script>var tapQueue=[];addEventListener('click',function(e){var c=e.target.closest('[data-add-to-cart],[data-wishlist-toggle],[data-qty-step],[data-buy-now],[aria-haspopup=menu],[data-drawer-open]'),o=c&&(c.matches('[data-buy-box] :not([data-wishlist-toggle])')?'buy-box':'chrome'),p;if(o&&!tapQueue[o]){e.preventDefault();e.stopImmediatePropagation();if(p=c.ariaPressed)c.ariaPressed=p!='true';c.ariaBusy=true;tapQueue.push([c,o])}},true)</script>`;

/** The page's full title: the shop's name after the page's, or the shop's own line on the home page. */
export function fullTitle(title: string): string {
  return title === 'Kiryana' ? 'Kiryana: Groceries delivered across Pakistan' : `${title} | Kiryana`;
}

export function headHtml({ title, description, canonical, ogImage, ogType, jsonLd, noindex, tapQueue }: HeadOptions): string {
  const full = fullTitle(title);
  return (
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(full)}</title><meta name="description"${attr('content', description)}>` +
    (canonical ? `<link rel="canonical"${attr('href', canonical)}>` : '') +
    (noindex ? `<meta name="robots" content="noindex">` : '') +
    `<link rel="icon" href="/favicon.ico" sizes="48x48"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/apple-touch-icon.png"><link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="#15803d"><meta property="og:site_name" content="Kiryana">` +
    `<meta property="og:type"${attr('content', ogType)}><meta property="og:title"${attr('content', full)}><meta property="og:description"${attr('content', description)}>` +
    (canonical ? `<meta property="og:url"${attr('content', canonical)}>` : '') +
    `<meta property="og:image"${attr('content', ogImage)}><meta property="og:locale" content="en_PK"><meta name="twitter:card" content="summary_large_image">` +
    (jsonLd ? `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>` : '') +
    SIGNED_IN_SCRIPT +
    IMAGE_FALLBACK_SCRIPT +
    (tapQueue ? TAP_QUEUE_SCRIPT : '')
  );
}
