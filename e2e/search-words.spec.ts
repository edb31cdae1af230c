/**
 * Search the way Pakistan types: Roman Urdu, Urdu script, a typo and a brand's shorthand find the
 * product in the header's suggestions (the index in the browser) and on the search page (the API),
 * ranked as the store's rule says with the shop's dictionary; and a search that finds nothing is
 * no dead end: it says so, offers a rewrite that finds products, and shows popular products.
 * At a phone's width and a desktop's.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { expected, mountedSearchBox } from './search-suggestions.ts';
import { box, results } from './search-page.ts';

// Results come from the API through an island: on a loaded 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** What shoppers type, and what the first result's name must say. */
const TYPED = [
  { term: 'chawal', kind: 'Roman Urdu', first: /\brice\b|basmati/i },
  { term: 'چاول', kind: 'Urdu script', first: /\brice\b|basmati/i },
  { term: 'pampars', kind: 'a typo', first: /pampers/i },
  { term: 'coke', kind: 'a brand shorthand', first: /coca[- ]?cola|coke/i },
] as const;

const screenshot = (name: string, width: number) => `/tmp/h4-${name}-${width}.png`;

test.describe('search that understands how Pakistan types', { tag: '@widths' }, () => {
  test('the header\'s suggestions find by Roman Urdu, Urdu script, a typo and a brand shorthand', async ({ page, catalog }) => {
    const [products, dictionary] = await Promise.all([catalog.products(), catalog.dictionary()]);
    const searchBox = await mountedSearchBox(page);
    for (const { term, kind, first } of TYPED) {
      const want = expected(products, term, dictionary).map((p) => p.name);
      expect(want[0], `${kind}: the rule's first`).toMatch(first);
      await searchBox.fill('');
      await searchBox.pressSequentially(term);
      await expect(page.getByRole('option').first(), kind).toContainText(want[0]);
      const names = (await page.getByRole('option').allInnerTexts()).map((n) => n.split('\n')[0]);
      expect(names, kind).toEqual(want);
      if (term === 'چاول') await page.screenshot({ path: screenshot('suggest-urdu', page.viewportSize()!.width) });
    }
  });

  test('the search page finds by Roman Urdu, Urdu script, a typo and a brand shorthand', async ({ page, request }) => {
    await page.goto('/search/?q=tea');
    await expect(results(page).locator('[data-item-name]').first()).toBeVisible();
    // The pointer over the results starts the island, which then owns the box.
    await page.getByTestId('search-count').hover();
    await expect(page.locator('[data-search-shell]')).toHaveCount(0);
    for (const { term, kind, first } of TYPED) {
      await box(page).fill(term);
      await box(page).press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${term}”`);
      const reply = await request.get(`/api/products?q=${encodeURIComponent(term)}&limit=3`);
      const want = ((await reply.json()).data.products as { name: string }[]).map((p) => p.name);
      expect(want[0], kind).toMatch(first);
      await expect(results(page).locator('[data-item-name]').first(), kind).toHaveText(want[0]);
      if (term === 'chawal') await page.screenshot({ path: screenshot('page-chawal', page.viewportSize()!.width) });
    }
  });

  test('a search that finds nothing says so, offers a rewrite that finds products, and shows popular products', async ({ page }) => {
    await page.goto('/search/?q=bsmti');
    const panel = page.getByTestId('no-results');
    await expect(panel.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(panel).toContainText('Nothing matches “bsmti”');
    const offered = page.getByTestId('did-you-mean');
    await expect(offered).toContainText('Did you mean');
    const rewrite = offered.getByRole('link', { name: 'basmati' });
    await expect(rewrite).toHaveAttribute('href', '/search/?q=basmati');
    const popular = page.getByRole('list', { name: 'Popular right now' });
    await expect(page.getByRole('heading', { name: 'Popular right now' })).toBeVisible();
    await expect(popular.locator('[data-item-name]').first()).toBeVisible();
    expect(await popular.locator('[data-product-id]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: screenshot('nothing-found', page.viewportSize()!.width), fullPage: true });

    await rewrite.click();
    await expect(page).toHaveURL(/\/search\/\?q=basmati$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “basmati”');
    await expect(results(page).locator('[data-item-name]').first()).toContainText(/basmati/i);
    await expect(page.getByTestId('no-results')).toHaveCount(0);
  });
});
