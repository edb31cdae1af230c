/**
 * axe-core as every spec runs it: WCAG 2.1 levels A and AA and axe's best practices (one h1 a page,
 * headings in order, unique landmarks), on the whole page, nothing excluded.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Every axe violation of the page as it is now, one line each: rule, impact, help and the first few offending elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map((v) => {
    const more = v.nodes.length > 4 ? ` | and ${v.nodes.length - 4} more` : '';
    return `${v.id} (${v.impact}): ${v.help} → ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}${more}`;
  });
}
