/**
 * The search page before and while its island starts: the one early request from the page head,
 * the loading state, the page's shape and first results drawn without React, choices and typing
 * made before the island runs kept, and nothing moving while the page loads.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { apiIds, cardIds, choose } from './listing-helpers.ts';
import { holdReact } from './slow-phone.ts';
import { holdRequest } from './requests.ts';
import { layoutShift, watchLayoutShift } from '../scripts/lib/layout-shift.ts';
import { box, query, results } from './search-page.ts';

// Results come from the API through an island: on a loaded 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test.describe('search page', () => {
  test('an opened link asks the API for its first results once, from the page head, and the island uses that reply', async ({ page, catalog }) => {
    const [category] = (await catalog.categories()).filter((c) => c.name.includes('Tea'));
    for (const link of ['?q=tea', `?q=tea&category=${encodeURIComponent(category.name.toLowerCase())}&sort=price-asc`, '?q=tea&sort=name-desc&view=list']) {
      const asked: string[] = [];
      const listen = (r: import('@playwright/test').Request) => r.url().includes('/api/products') && asked.push(r.url());
      page.on('request', listen);
      await page.goto(`/search/${link}`);
      await expect(results(page).locator('[data-product-id]').first()).toBeVisible();
      // The island's own request, had it not taken over the page's, would be a second one.
      await page.waitForLoadState('networkidle');
      page.off('request', listen);
      expect(asked, link).toHaveLength(1);
      const sent = new URL(asked[0]).searchParams;
      expect(sent.get('q'), link).toBe('tea');
      expect(sent.get('category'), link).toBe(link.includes('category') ? category._id : null);
      expect(sent.get('sortBy'), link).toBe(link.includes('price-asc') ? 'price' : link.includes('name-desc') ? 'name' : 'relevance');
    }
    // The one request is the page's own: it goes out with no island code at all.
    await page.route('**/_astro/SearchPage*.js', (route) => route.abort());
    const asked = page.waitForRequest((r) => r.url().includes('/api/products?q=rice&'));
    await page.goto('/search/?q=rice');
    expect(new URL((await asked).url()).searchParams.get('limit')).toBe('48');
  });

  test('a loading state while the results come', async ({ page }) => {
    const release = await holdRequest(page, '/api/products?*', { every: true });
    await page.goto('/search/?q=tea');
    await expect(page.getByTestId('search-count')).toHaveText('Searching…');
    await expect(results(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('card-skeleton').first()).toBeVisible();
    release();
    await expect(results(page).getByTestId('product-card').first()).toBeVisible();
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  });

  test('before the island runs, the page already has its shape: the term, the controls in their state and skeleton cards', async ({ page, catalog }) => {
    const [category] = (await catalog.categories()).filter((c) => c.name.includes('Tea'));
    // Astro asks again for a module that failed, with ?astro-retry=: refused too. The reply is
    // held too: once in, its cards are drawn in the skeletons' place (the next test).
    await page.route(/\/_astro\/SearchPage\.[^/]*$/, (route) => route.abort());
    await page.route('**/api/products?*', () => {});
    await page.goto(`/search/?q=green%20tea&category=${encodeURIComponent(category.name)}&sort=price-asc&view=list`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “green tea”');
    await expect(box(page)).toHaveValue('green tea');
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect(page.getByTestId('search-count')).toHaveText('Searching…');
    await expect(results(page)).toHaveAttribute('data-view', 'list');
    await expect(page.getByTestId('card-skeleton').first()).toBeVisible();
    // One variant is kept: no control twice, no id twice.
    await expect(page.locator('#search-page-q')).toHaveCount(1);
    await page.goto('/search/');
    await expect(page.getByTestId('search-prompt')).toBeVisible();
    await expect(page.getByTestId('search-page')).toHaveCount(0);
  });

  for (const link of ['?q=tea', '?q=tea&view=list&sort=price-desc']) {
    test(`the first results are drawn from the page's early reply without React; the island starts at the first interaction and adopts them unchanged (${link})`, async ({ page, request }) => {
      await watchLayoutShift(page);
      const react: string[] = [];
      page.on('request', (r) => /\/_astro\/react\.[^/]*\.js$/.test(r.url()) && react.push(r.url()));
      await page.goto(`/search/${link}`);
      const sort = link.includes('price-desc') ? { sortBy: 'price', sortOrder: 'desc' } : { sortBy: 'relevance', sortOrder: 'desc' };
      const want = await apiIds(request, { q: 'tea', ...sort, limit: 48 });
      // Drawn without React: the shell is still there, the island not asked for.
      await expect.poll(() => cardIds(results(page))).toEqual(want);
      await page.waitForLoadState('networkidle');
      expect(react, 'no React before an interaction').toEqual([]);
      await expect(page.locator('[data-search-shell]')).toHaveCount(1);
      await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
      await expect(results(page)).toHaveAttribute('aria-busy', 'false');
      await expect(results(page)).toHaveAttribute('data-view', link.includes('list') ? 'list' : 'grid');
      const total = (await (await request.get('/api/products?q=tea&limit=1')).json()).data.pagination.total as number;
      await expect(page.getByTestId('search-count')).toHaveText(`${total} results for “tea”`);
      const seen = () =>
        page.evaluate(() => {
          const cards = [...document.querySelectorAll<HTMLElement & { __early?: boolean }>('[data-testid="search-results"] [data-product-id]')];
          return {
            cards: cards.map((c) => ({ html: c.outerHTML, early: c.__early === true, box: JSON.stringify(c.getBoundingClientRect()) })),
            count: document.querySelector('[data-testid="search-count"]')!.textContent,
            list: document.querySelector('[data-testid="search-results"]')!.getBoundingClientRect().toJSON(),
          };
        });
      await page.evaluate(() => document.querySelectorAll<HTMLElement & { __early?: boolean }>('[data-testid="search-results"] [data-product-id]').forEach((c) => (c.__early = true)));
      const before = await seen();
      expect(before.cards.every((c) => c.early)).toBe(true);
      // The pointer over the results starts the island.
      await page.getByTestId('search-count').hover();
      await expect(page.locator('[data-search-shell]')).toHaveCount(0);
      expect(react).toHaveLength(1);
      // The island's first render took the very elements drawn early: same markup, same place.
      expect(await seen()).toEqual(before);
      await expect(page.getByRole('button', { name: /^Show more/ })).toHaveCount(total > 48 ? 1 : 0);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
      // The island owns them now: another view draws its own cards.
      await choose(page, link.includes('list') ? 'Grid' : 'List');
      await expect(results(page)).toHaveAttribute('data-view', link.includes('list') ? 'grid' : 'list');
      await expect.poll(() => cardIds(results(page))).toEqual(want);
      expect((await seen()).cards.some((c) => c.early)).toBe(false);
    });
  }

  test('a category and sort chosen before the island runs are kept when it does', async ({ page, catalog, request }) => {
    const [category] = (await catalog.categories()).filter((c) => c.name.includes('Tea'));
    // The island's code is held back until the shopper has chosen (choosing starts it).
    const release = await holdReact(page);
    await page.goto('/search/?q=tea', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Category').selectOption(category._id);
    await page.getByLabel('Sort by').selectOption('price-asc');
    release();
    await expect.poll(() => query(page).get('category')).toBe(category._id);
    expect(query(page).get('sort')).toBe('price-asc');
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
    const want = await apiIds(request, { q: 'tea', category: category._id, sortBy: 'price', sortOrder: 'asc', limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(want);
  });

  test('a term being typed into the page before the island runs stays, with the focus and the caret', async ({ page }) => {
    const release = await holdReact(page);
    await page.goto('/search/?q=tea');
    await expect(results(page).getByTestId('product-card').first()).toBeVisible();
    const box = page.locator('#search-page-q');
    await box.click();
    await box.press('End');
    await box.pressSequentially(' green');
    release();
    await expect(page.locator('[data-search-shell]')).toHaveCount(0);
    await expect(box).toHaveValue('tea green');
    await expect(box).toBeFocused();
    await box.press('Enter');
    await expect.poll(() => query(page).get('q')).toBe('tea green');
  });

  test('a select in use is not taken from under the shopper: the island waits for the choice', async ({ page, request }) => {
    const release = await holdReact(page);
    await page.goto('/search/?q=tea');
    await expect(results(page).getByTestId('product-card').first()).toBeVisible();
    await page.locator('#search-sort').focus();
    release();
    await page.waitForResponse(/\/_astro\/react\./);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(page.locator('[data-search-shell]')).toHaveCount(1);
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page.locator('[data-search-shell]')).toHaveCount(0);
    await expect.poll(() => query(page).get('sort')).toBe('price-asc');
    const want = await apiIds(request, { q: 'tea', sortBy: 'price', sortOrder: 'asc', limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(want);
  });

  for (const [name, link] of [
    ['results in a grid', '?q=tea'],
    ['results in a list', '?q=tea&view=list'],
    ['no results', '?q=zzqx%20nothing'],
  ] as const) {
    test(`nothing moves while the page loads (${name}): cards land on the skeletons, the island takes over in place, layout shift at most 0.02`, async ({ page }) => {
      await watchLayoutShift(page);
      const boxes = () =>
        page.evaluate(() => {
          const at = (selector: string) => {
            const r = document.querySelector(selector)?.getBoundingClientRect();
            return r && { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
          };
          return {
            heading: at('h1'),
            form: at('main form[role="search"]'),
            // The count's text changes its width, not its line.
            count: at('[data-testid="search-count"]')?.y,
            grid: at('[data-testid="search-results"]')?.y,
            firstCard: at('[data-testid="search-results"] li'),
            footer: document.querySelector('footer')!.getBoundingClientRect().top >= innerHeight,
          };
        });
      // The shell as the HTML draws it, the reply held back; then the reply: the results drawn
      // into the shell (or, finding nothing, the island started at once for its panel); then the
      // island, started by the pointer, taking the page over.
      const release = await holdRequest(page, '/api/products?*', { every: true });
      await page.goto(`/search/${link}`);
      await expect(page.getByTestId('card-skeleton').first()).toBeVisible();
      const shell = await boxes();
      expect(shell.footer, 'the footer starts below the first screen').toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
      await expect(page.locator('[data-search-shell]')).toHaveCount(1);
      expect(await boxes()).toEqual(shell);
      release();
      if (link.includes('zzqx')) {
        await expect(page.locator('[data-search-shell]')).toHaveCount(0);
        await expect(page.getByTestId('no-results')).toBeVisible();
      } else {
        await expect(results(page).getByTestId('product-card').first()).toBeVisible();
        const drawn = await boxes();
        await page.getByTestId('search-count').hover();
        await expect(page.locator('[data-search-shell]')).toHaveCount(0);
        const loaded = await boxes();
        expect(loaded).toEqual(drawn);
        expect({ ...loaded, firstCard: undefined }).toEqual({ ...shell, firstCard: undefined });
        // A card is as wide as its skeleton and as high, give or take a title's line in a list.
        expect(loaded.firstCard!.width).toBe(shell.firstCard!.width);
        expect(Math.abs(loaded.firstCard!.height - shell.firstCard!.height)).toBeLessThanOrEqual(link.includes('list') ? 20 : 1);
      }
      expect((await boxes()).footer, 'the footer stays below the first screen').toBe(true);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  }
});
