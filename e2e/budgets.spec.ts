/**
 * JavaScript budgets: each page type's JavaScript before any interaction, gzip, on the
 * phone viewport, within its budget; and the HTML of the page types with an HTML budget (product
 * and category pages: the category page within the first round trip). The same measurement as `npm run bench:size`
 * (scripts/lib/js-size/measure.ts); sizes are deterministic, so this is a test, not a timing.
 * A page another part of the store has not built yet (404, `optional` in PAGE_TYPES) is noted, not
 * failed; every other page must answer (measurePage throws on any status but 200).
 *
 * Each page also keeps 10 % of its budget free (HEADROOM), so the next change to a page does not
 * fail for want of a few bytes.
 *
 * The staff pages (/staff/, 120 KB each) are measured like the others; and no shopper's page loads
 * staff code: none of its scripts holds the staff API's path (STAFF_CODE_MARK), which every staff
 * page's scripts do.
 */
import { test, expect } from '@playwright/test';
import { measurePage, pagesToMeasure, PAGE_TYPES, STAFF_CODE_MARK, type PageType, type PageTypeKey } from '../scripts/lib/js-size/measure.ts';

/** The share of a budget a page may use. */
const HEADROOM = 0.9;
const allowed = (budgetBytes: number) => Math.floor(budgetBytes * HEADROOM);

for (const key of Object.keys(PAGE_TYPES) as PageTypeKey[]) {
  const { type, budgetKb } = PAGE_TYPES[key];
  test(`${type}: JavaScript before interaction within ${budgetKb} KB gzip @phone-only`, async ({ page, request, baseURL }) => {
    const pages = await pagesToMeasure(async (path) => (await request.get(path)).json());
    const target = pages.find((p) => p.key === key)!;
    const size = await measurePage(page, baseURL!, target);
    test.info().annotations.push({
      type: 'size',
      description: `${target.path}: ${(size.externalBytes / 1024).toFixed(1)} KB external + ${(size.inlineBytes / 1024).toFixed(1)} KB inline = ${(size.totalBytes / 1024).toFixed(1)} KB of ${budgetKb} KB`,
    });
    if (size.verdict === 'MISSING') {
      test.info().annotations.push({ type: 'missing', description: `${target.path} answers 404: not built on this branch` });
      return;
    }
    // A page with islands loads at least the script that hydrates them: an empty list would mean the measurement saw nothing.
    if (['cart', 'wishlist', 'home', 'account', 'profile', 'checkout', 'orderSuccess', 'orderStatus'].includes(key)) expect(size.scripts.length).toBeGreaterThan(0);
    // Staff code on staff pages only: a staff page without it would mean the mark no longer finds it.
    if ('staff' in PAGE_TYPES[key]) expect(size.staffScripts.length, `${target.path} loads no script with ${STAFF_CODE_MARK}`).toBeGreaterThan(0);
    else expect(size.staffScripts, `${target.path} loads staff code`).toEqual([]);
    expect(size.totalBytes, `${target.path} scripts: ${size.scripts.map((s) => `${s.url} ${s.gzipBytes} B`).join(', ')}`).toBeLessThanOrEqual(
      allowed(size.budgetBytes),
    );
  });
}

for (const key of Object.keys(PAGE_TYPES) as PageTypeKey[]) {
  const { type, htmlBudgetKb } = PAGE_TYPES[key] as PageType;
  if (!htmlBudgetKb) continue;
  test(`${type}: HTML within ${htmlBudgetKb} KB gzip @phone-only`, async ({ page, request, baseURL }) => {
    const pages = await pagesToMeasure(async (path) => (await request.get(path)).json());
    const target = pages.find((p) => p.key === key)!;
    const size = await measurePage(page, baseURL!, target);
    test.info().annotations.push({ type: 'size', description: `${target.path}: ${(size.htmlBytes / 1024).toFixed(1)} KB of HTML, of ${htmlBudgetKb} KB` });
    expect(size.htmlBytes, `${target.path}: gzip -9 of the HTML document`).toBeLessThanOrEqual(allowed(size.htmlBudgetBytes));
  });
}
