/**
 * Search suggestions in the header (desktop) and the drawer (phone): at most 5, after a 300 ms pause
 * once the term is longer than 2 characters, every word of it matched and ranked; the ARIA 1.2
 * combobox pattern with the mouse and the keyboard, Enter and 'View all results' to the search
 * page, a term typed before the island arrives, axe with the list open, and the form without
 * JavaScript.
 */
import type { Page } from '@playwright/test';
import { SUGGEST_DELAY_MS, SUGGEST_MARKS } from '#features/search/suggestions.ts';
import { axeViolations } from './axe.ts';
import { test, expect, rs } from './fixtures.ts';
import { clickOutside, expected, mountedSearchBox, searchBox, TERM } from './search-suggestions.ts';

/** The path and query of every page the tab asks for from now on. */
function documentRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  return asked;
}

test.describe('search suggestions', () => {
  test('typing shows at most 5 suggestions after a 300 ms pause: image, name and price by the rule', { tag: '@widths' }, async ({ page, catalog }) => {
    const want = expected(await catalog.products(), TERM, await catalog.dictionary());
    expect(want).toHaveLength(5);
    const box = await mountedSearchBox(page);
    await box.pressSequentially(TERM);
    const options = page.getByRole('option');
    await expect(options).toHaveCount(5);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    for (const [i, p] of want.entries()) {
      await expect(options.nth(i)).toContainText(p.name);
      await expect(options.nth(i)).toContainText(rs(p.price - p.discount));
      await expect(options.nth(i).locator('img')).toHaveAttribute('src', /\/images\/products\//);
    }
    // The list came no sooner than 300 ms after the last keystroke.
    const waited = await page.evaluate((m) => {
      const last = (name: string) => performance.getEntriesByName(name).at(-1)!.startTime;
      return last(m.rendered) - last(m.key);
    }, SUGGEST_MARKS);
    expect(waited).toBeGreaterThanOrEqual(300);
  });

  test('ranked: "tea" suggests teas, "atta" the atta first, "milk" milks before what only mentions milk', async ({ page, catalog }) => {
    const [products, dictionary] = await Promise.all([catalog.products(), catalog.dictionary()]);
    const box = await mountedSearchBox(page);
    for (const term of ['tea', 'atta', 'milk']) {
      await box.fill('');
      await box.pressSequentially(term);
      const want = expected(products, term, dictionary).map((p) => p.name);
      await expect(page.getByRole('option').first(), term).toContainText(want[0]);
      const names = (await page.getByRole('option').allInnerTexts()).map((n) => n.split('\n')[0]);
      expect(names, term).toEqual(want);
    }
    expect(expected(products, 'tea', dictionary).every((p) => /\btea\b/i.test(p.name))).toBe(true);
    expect(expected(products, 'atta', dictionary)[0].name).toBe('Sunridge Chakki Atta 10kg');
  });

  test('no suggestions for 2 characters; they clear when the term gets short', async ({ page }) => {
    await page.clock.install();
    const box = await mountedSearchBox(page);
    await box.pressSequentially('ma');
    // Past the pause on the page's clock: a lookup, had one been set, has started.
    await page.clock.runFor(SUGGEST_DELAY_MS);
    expect(await page.evaluate((name) => performance.getEntriesByName(name, 'mark').length, SUGGEST_MARKS.lookup)).toBe(0);
    await expect(page.getByRole('option')).toHaveCount(0);
    await box.pressSequentially('sala');
    await expect(page.getByRole('option')).toHaveCount(5);
    for (let i = 0; i < 4; i++) await box.press('Backspace');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside clears them and keeps the term', async ({ page }) => {
    const box = await searchBox(page);
    await box.pressSequentially(TERM);
    await expect(page.getByRole('option')).toHaveCount(5);
    await clickOutside(page);
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(box).toHaveValue(TERM);
  });

  test('choosing one clears the term and opens its product page', async ({ page, catalog }) => {
    const [first] = expected(await catalog.products(), TERM, await catalog.dictionary());
    const box = await searchBox(page);
    await box.pressSequentially(TERM);
    await page.evaluate(() => addEventListener('pagehide', () => sessionStorage.setItem('termAtLeave', (document.activeElement as HTMLInputElement).value)));
    await page.getByRole('option').first().click();
    await expect(page).toHaveURL(`/product/${first._id}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('termAtLeave'))).toBe('');
  });

  test("'View all results' links to the search page", async ({ page }) => {
    const box = await searchBox(page);
    await box.pressSequentially(`  ${TERM} `);
    const all = page.getByRole('link', { name: `View all results for "${TERM}"` });
    await expect(all).toHaveAttribute('href', `/search/?q=${TERM}`);
  });

  test('Enter goes to /search?q= with the trimmed term; a blank term goes nowhere', async ({ page }) => {
    const box = await mountedSearchBox(page);
    const documents = documentRequests(page);
    await box.fill('   ');
    await box.press('Enter');
    await box.fill(' chaat masala ');
    await box.press('Enter');
    await expect(page).toHaveURL('/search/?q=chaat+masala');
    // The blank term asked for no page before the real one.
    expect(documents).toEqual(['/search/?q=chaat+masala']);
  });

  test('keyboard only: arrows move through the options, Enter opens the active one, Escape closes', async ({ page, catalog }) => {
    const want = expected(await catalog.products(), TERM, await catalog.dictionary());
    const box = await searchBox(page);
    await page.keyboard.type(TERM);
    // The whole term's five, not an earlier prefix's: on a slow machine a pause mid-typing shows
    // the prefix's list first, and arrows pressed on it are lost when the term's list replaces it.
    await expect(page.getByRole('option')).toContainText(want.map((p) => p.name));
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const active = page.getByRole('option', { selected: true });
    await expect(active).toHaveCount(1);
    await expect(active).toContainText(want[1].name);
    await expect(box).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option')).toHaveCount(5);
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('option', { selected: true })).toContainText(want[4].name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/product/${want[4]._id}/`);
  });

  test('a term typed before the island arrives is picked up', async ({ page }) => {
    await page.route('**/_astro/mount.*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const box = await searchBox(page);
    await box.pressSequentially(TERM);
    await expect(page.getByRole('option')).toHaveCount(5, { timeout: 10_000 });
    await expect(box).toHaveValue(TERM);
    await expect(page.getByRole('link', { name: `View all results for "${TERM}"` })).toBeVisible();
  });

  test('axe: no WCAG 2.1 A/AA violations with the suggestions open', async ({ page }) => {
    const box = await searchBox(page);
    await box.pressSequentially(TERM);
    await expect(page.getByRole('option')).toHaveCount(5);
    await box.press('ArrowDown');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('search form without JavaScript', { tag: '@widths' }, () => {
  test.use({ javaScriptEnabled: false });
  test('Enter submits a term to the search page and refuses a blank one', async ({ page }) => {
    await page.goto('/about/');
    if ((page.viewportSize()?.width ?? 0) < 768) test.skip(true, 'the drawer needs its script to open');
    const box = page.getByRole('combobox', { name: 'Search products' });
    const documents = documentRequests(page);
    await box.fill('  ');
    await box.press('Enter');
    await box.fill(TERM);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search/?q=${TERM}`);
    expect(documents).toEqual([`/search/?q=${TERM}`]);
  });
});
