/**
 * The search page's results: the prompt, results and count, Best Match, the store's search rule over the
 * whole catalogue, the category select, every sort against the API, grid/list, no results with
 * Clear Search, URL state with back/forward and shared links, kept out of search engines, and axe.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { apiIds, cardIds, choose, pick, SEARCH_SORT_CASES } from './listing-helpers.ts';
import { box, found, query, results } from './search-page.ts';

// Results come from the API through an island: on a loaded 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test.describe('search page', () => {
  test('ranks by Best Match: "tea" shows the teas first, "atta" the atta, "milk" the milks', async ({ page, request }) => {
    for (const [term, first] of [['tea', /\btea\b/i], ['atta', /^Sunridge Chakki Atta/], ['milk', /milk/i]] as const) {
      await page.goto(`/search/?q=${term}`);
      await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
      const want = await apiIds(request, { q: term, limit: 48 });
      await expect.poll(() => cardIds(results(page)), { message: term }).toEqual(want);
      const names = await results(page).locator('[data-item-name]').allTextContents();
      expect(names[0], term).toMatch(first);
      if (term === 'tea') for (const name of names.slice(0, 5)) expect(name).toMatch(/\btea\b/i);
    }
  });

  test('an empty query shows the search prompt; a term shows its results and their count', async ({ page, catalog }) => {
    await page.goto('/search/');
    await expect(page.getByRole('heading', { level: 1, name: 'Search the store' })).toBeVisible();
    await expect(page.getByTestId('search-prompt')).toBeVisible();
    await box(page).fill('   ');
    await box(page).press('Enter');
    await expect(page.getByTestId('search-prompt')).toBeVisible();
    await box(page).fill('shan masala');
    await box(page).press('Enter');
    await expect.poll(() => query(page).get('q')).toBe('shan masala');
    const want = found(await catalog.products(), 'shan masala', await catalog.dictionary());
    expect(want.length).toBeGreaterThan(1);
    await expect.poll(async () => (await cardIds(results(page))).sort()).toEqual(want.map((p) => p._id).sort());
    await expect(page.getByTestId('search-count')).toHaveText(`${want.length} results for “shan masala”`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “shan masala”');
  });

  test('every word must match, in any case, across name, description, category and brand', async ({ page, catalog }) => {
    const [products, dictionary] = await Promise.all([catalog.products(), catalog.dictionary()]);
    for (const term of ['TEA green', 'lipton tea', 'tea']) {
      await page.goto(`/search/?q=${encodeURIComponent(term)}`);
      const want = found(products, term, dictionary).map((p) => p._id).sort();
      expect(want.length, term).toBeGreaterThan(0);
      expect(want.length, term).toBeLessThanOrEqual(48);
      await expect.poll(async () => (await cardIds(results(page))).sort(), { message: term }).toEqual(want);
    }
    // 'tea' finds juices too: their category is Soft Drinks, Tea & Coffee.
    expect(found(products, 'tea', dictionary).some((p) => !/tea/i.test(p.name))).toBe(true);
  });

  test('the category select narrows the results and names the category', async ({ page, catalog, request }) => {
    const [category] = (await catalog.categories()).filter((c) => c.name.includes('Tea'));
    await page.goto('/search/?q=tea');
    await pick(page.getByLabel('Category'), { label: category.name });
    await expect.poll(() => query(page).get('category')).toBe(category._id);
    const want = await apiIds(request, { q: 'tea', category: category._id, limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(want);
    await expect(page.getByTestId('search-count')).toHaveText(`${want.length} results for “tea” in ${category.name}`);
    // A link may name the category by name (paths.search): the select shows it.
    await page.goto(`/search/?q=tea&category=${encodeURIComponent(category.name)}`);
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
    await expect.poll(() => cardIds(results(page))).toEqual(want);
  });

  test('every sort orders the results as the API does', async ({ page, request }) => {
    await page.goto('/search/?q=tea');
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    for (const [key, label, sortBy, sortOrder] of [...SEARCH_SORT_CASES.slice(1), SEARCH_SORT_CASES[0]]) {
      await pick(page.getByLabel('Sort by'), { label });
      if (key !== 'relevance') await expect.poll(() => query(page).get('sort')).toBe(key);
      const want = await apiIds(request, { q: 'tea', sortBy, sortOrder, limit: 48 });
      await expect.poll(() => cardIds(results(page)), { message: label }).toEqual(want);
    }
    expect(query(page).get('sort')).toBeNull();
  });

  test('grid and list views', { tag: '@widths' }, async ({ page }) => {
    await page.goto('/search/?q=tea');
    await expect(results(page)).toHaveAttribute('data-view', 'grid');
    await choose(page, 'List');
    await expect.poll(() => query(page).get('view')).toBe('list');
    await expect(results(page)).toHaveAttribute('data-view', 'list');
    const card = await results(page).getByTestId('product-card').first().boundingBox();
    expect(card!.width).toBeGreaterThan(card!.height);
    await choose(page, 'Grid');
    await expect(results(page)).toHaveAttribute('data-view', 'grid');
  });

  test('no results: the panel and Clear Search', async ({ page }) => {
    await page.goto('/search/?q=zzqx%20nothing&sort=price-asc');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByTestId('search-count')).toHaveText('0 results for “zzqx nothing”');
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(page.getByTestId('search-prompt')).toBeVisible();
    expect(query(page).get('q')).toBeNull();
  });

  test('back and forward restore term, category, sort and view; a shared link opens in its state', async ({ page, request, catalog }) => {
    const [category] = (await catalog.categories()).filter((c) => c.name.includes('Tea'));
    await page.goto('/search/?q=tea');
    await pick(page.getByLabel('Sort by'), 'price-asc');
    await expect.poll(() => query(page).get('sort')).toBe('price-asc');
    await pick(page.getByLabel('Category'), category._id);
    await expect.poll(() => query(page).get('category')).toBe(category._id);
    await box(page).fill('green tea');
    await box(page).press('Enter');
    await expect.poll(() => query(page).get('q')).toBe('green tea');
    await expect.poll(() => cardIds(results(page))).toEqual(await apiIds(request, { q: 'green tea', category: category._id, sortBy: 'price', sortOrder: 'asc', limit: 48 }));

    await page.goBack();
    await expect(box(page)).toHaveValue('tea');
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
    await page.goBack();
    await expect(page.getByLabel('Category')).toHaveValue('');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect.poll(() => cardIds(results(page))).toEqual(await apiIds(request, { q: 'tea', sortBy: 'price', sortOrder: 'asc', limit: 48 }));
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await page.goForward();
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');

    await page.goto(`/search/?q=tea&category=${category._id}&sort=name-desc&view=list`);
    await expect(box(page)).toHaveValue('tea');
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
    await expect(page.getByLabel('Sort by')).toHaveValue('name-desc');
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect.poll(() => cardIds(results(page))).toEqual(await apiIds(request, { q: 'tea', category: category._id, sortBy: 'name', sortOrder: 'desc', limit: 48 }));
  });

  test('is kept out of search engines', async ({ page }) => {
    await page.goto('/search/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  const axeCases: [string, string, string][] = [
    ['the prompt', '/search/', 'search-prompt'],
    ['results in a grid', '/search/?q=tea', 'product-card'],
    ['results in a list', '/search/?q=tea&view=list', 'product-card'],
    ['no results', '/search/?q=zzqx', 'no-results'],
  ];
  for (const [name, path, testId] of axeCases) {
    test(`axe: no violations on ${name}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId(testId).first()).toBeVisible({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
