/**
 * The product page's Shipping tab: the same on every product page, behind a tab, so the page's
 * script draws it into its empty panel (`[data-shipping-panel]`, details-html.ts) instead of every
 * page's HTML carrying it. The script is the page's own and cached with it, so a page the service
 * worker kept shows it offline too.
 */
import { DELIVERY_ESTIMATE, EXPRESS_DELIVERY } from '#lib/delivery.ts';
import { attr, escapeHtml as e } from '#lib/html.ts';
import { paths } from '#lib/paths.ts';

export const SHIPPING_HTML =
  `<ul class="list-disc space-y-1 pl-5"><li>Free delivery on every order.</li><li>Standard delivery: ${e(DELIVERY_ESTIMATE)} across Pakistan.</li><li>Express delivery: ${e(EXPRESS_DELIVERY)}.</li>` +
  `<li>Pay cash on delivery. Returns accepted within 7 days (see our <a${attr('href', paths.textPage('returns'))} class="text-brand-700 underline">returns policy</a>).</li></ul>`;

/** Fills the Shipping panel, when the page has one still empty. */
export function drawShipping(doc: Document = document): void {
  const panel = doc.querySelector('[data-shipping-panel]');
  if (panel && !panel.firstChild) panel.innerHTML = SHIPPING_HTML;
}
