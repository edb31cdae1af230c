/**
 * HTML that is the same on every page of a build, rendered for the first page and reused by the
 * others (RenderOnce.astro): the header with the drawer, the footer and the phone's bottom bar
 * depend only on the catalogue's categories and the search index, which a build reads once.
 * Rendered again on each of 10,000 product pages, they were about a third of what a page's
 * markup costs the build.
 */
const rendered = new Map<string, Promise<string>>();

export function renderOnce(name: string, render: () => Promise<string>): Promise<string> {
  let html = rendered.get(name);
  if (!html) rendered.set(name, (html = render()));
  return html;
}
