/**
 * Text pages put every table in its own scroll box, so a table wider than a phone scrolls inside
 * the page instead of widening it. The box is a region named after the nearest heading above the
 * table (else "Table"), and keyboard users can focus it to scroll.
 */
const TAG = /<(h[1-6])\b[^>]*>([\s\S]*?)<\/\1>|<table\b|<\/table>/gi;

const plainText = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

const attribute = (text: string) =>
  text.replace(/&(?![a-z]+;|#\d+;|#x[\da-f]+;)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function scrollTables(html: string): string {
  let heading = '';
  return html.replace(TAG, (match: string, level: string | undefined, inner: string | undefined) => {
    if (level) {
      heading = plainText(inner ?? '');
      return match;
    }
    if (match.toLowerCase() === '</table>') return '</table></div>';
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${attribute(heading || 'Table')}">${match}`;
  });
}
