import { attr, escapeHtml } from '#lib/html.ts';
import { paths } from '#lib/paths.ts';

export interface Crumb {
  label: string;
  href?: string;
}

/** Where a page sits: Home / ... / this page, the last item not a link (Breadcrumbs.astro). */
export function breadcrumbsHtml(items: readonly Crumb[], className = 'mb-4'): string {
  const item = (c: Crumb) =>
    `<li class="flex items-center gap-x-1.5"><span aria-hidden="true">/</span>` +
    (c.href ? `<a${attr('href', c.href)} class="hover:text-brand-700">${escapeHtml(c.label)}</a>` : `<span class="text-stone-700" aria-current="page">${escapeHtml(c.label)}</span>`) +
    `</li>`;
  return (
    `<nav${attr('class', `text-xs text-stone-500 ${className}`)} aria-label="Breadcrumb"><ol class="flex flex-wrap items-center gap-x-1.5">` +
    `<li><a${attr('href', paths.home())} class="hover:text-brand-700">Home</a></li>${items.map(item).join('')}</ol></nav>`
  );
}
