/**
 * Search suggestions in the header (desktop) and the drawer (phone): at most 5, after a 300 ms pause
 * once the term is longer than 2 characters, every word of it matched; the ARIA 1.2 combobox pattern, the fallbacks when the index or the API fails, the index at its
 * one address revalidated on each page load, and axe with the list open.
 */
import { serve } from '@hono/node-server';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { staticHandler } from '#server/static.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { matchesTerm, searchWords } from '#features/search/match.ts';
import { compareRanked, relevance } from '#lib/search-rank.ts';
import { SUGGEST_MARKS } from '#features/search/suggestions.ts';
import { axeViolations } from './axe.ts';
import { test, expect, rs } from './fixtures.ts';

const TERM = 'masala';

/** The page's visible search box: the header's on desktop, the drawer's (opened) on a phone. */
async function searchBox(page: Page, path = '/about/') {
  await page.goto(path);
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  return box;
}

/** The visible search box once its island is mounted (it marks the form), so every keystroke is the island's. */
async function mountedSearchBox(page: Page) {
  const box = await searchBox(page);
  await expect(page.locator('form[data-suggest-mounted]').filter({ has: box })).toHaveCount(1);
  return box;
}

const fieldsOf = (p: Product) => ({ name: p.name.toLowerCase(), brand: p.brand.toLowerCase(), category: p.category.toLowerCase() });

/** What the rule says the first five are: every word in name, description, category or brand, ranked (src/lib/search-rank.ts). */
function expected(products: Product[], term: string) {
  const words = searchWords(term);
  return products
    .filter((p) => matchesTerm(p, term))
    .map((p) => ({ p, relevance: relevance(fieldsOf(p), words), stock: p.stock, rating: p.rating, name: p.name, id: p._id }))
    .sort(compareRanked)
    .slice(0, 5)
    .map(({ p }) => p);
}

const isSearchCall = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('q');

/** Clicks outside the search form: the drawer's title on a phone, the page's left margin on desktop. */
async function clickOutside(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.locator('[data-drawer] span', { hasText: 'Kiryana' }).click();
  else await page.mouse.click(20, 600);
}

test.describe('search suggestions', () => {
  test('typing shows at most 5 suggestions after a 300 ms pause: image, name and price by the rule', async ({ page, catalog }) => {
    const want = expected(await catalog.products(), TERM);
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
    const products = await catalog.products();
    const box = await mountedSearchBox(page);
    for (const term of ['tea', 'atta', 'milk']) {
      await box.fill('');
      await box.pressSequentially(term);
      const want = expected(products, term).map((p) => p.name);
      await expect(page.getByRole('option').first(), term).toContainText(want[0]);
      const names = (await page.getByRole('option').allInnerTexts()).map((n) => n.split('\n')[0]);
      expect(names, term).toEqual(want);
    }
    expect(expected(products, 'tea').every((p) => /\btea\b/i.test(p.name))).toBe(true);
    expect(expected(products, 'atta')[0].name).toBe('Sunridge Chakki Atta 10kg');
  });

  test('no suggestions for 2 characters; they clear when the term gets short', async ({ page }) => {
    const box = await searchBox(page);
    await box.pressSequentially('ma');
    await page.waitForTimeout(600);
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
    const [first] = expected(await catalog.products(), TERM);
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
    const box = await searchBox(page);
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL('/about/');
    await box.fill(' chaat masala ');
    await box.press('Enter');
    await expect(page).toHaveURL('/search/?q=chaat+masala');
  });

  test('keyboard only: arrows move through the options, Enter opens the active one, Escape closes', async ({ page, catalog }) => {
    const want = expected(await catalog.products(), TERM);
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

  test('without the index, suggestions come from the API', async ({ page }) => {
    await page.route('**/search-index.json', (route) => route.abort());
    const asked: URL[] = [];
    await page.route(isSearchCall, async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const product = { _id: 'api-only-product', name: 'From The API Masala', price: 500, discount: 100, images: [], image: '' };
      await route.fulfill({ json: { success: true, data: { products: [product], pagination: { page: 1, limit: 5, total: 1, pages: 1 } } } });
    });
    const box = await searchBox(page);
    await box.pressSequentially(TERM);
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option')).toContainText('From The API Masala');
    await expect(page.getByRole('option')).toContainText(rs(400));
    expect(asked.at(-1)?.searchParams.get('q')).toBe(TERM);
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('5');
  });

  test('without the index, the real API gives what the index gives', async ({ page, catalog }) => {
    const want = expected(await catalog.products(), 'chaat');
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThanOrEqual(5);
    await page.route('**/search-index.json', (route) => route.abort());
    const box = await searchBox(page);
    await box.pressSequentially('CHAAT');
    await expect(page.getByRole('option')).toHaveCount(want.length);
    const names = await page.getByRole('option').allInnerTexts();
    expect(names.map((n) => n.split('\n')[0])).toEqual(want.map((p) => p.name)); // ranked the same
  });

  test('without the index and the API, the products on the page are filtered by name, description and category', async ({ page, catalog }) => {
    await page.route('**/search-index.json', (route) => route.abort());
    await page.route(isSearchCall, (route) => route.abort());
    const products = new Map((await catalog.products()).map((p) => [p._id, p]));
    await page.goto('/');
    const onPage = [...new Set(await page.locator('[data-item]').evaluateAll((els) => els.map((el) => el.closest<HTMLElement>('[data-product-id]')!.dataset.productId!)))].map((id) => products.get(id)!);
    const words = (p: Product, field: 'name' | 'description' | 'category') => p[field].toLowerCase().split(/\s+/).filter((w) => /^[a-z]{4,}$/.test(w));
    // A word of a description, and one of a category, that no name on the page holds.
    const inNames = onPage.flatMap((p) => words(p, 'name')).join(' ');
    const fromDescription = onPage.flatMap((p) => words(p, 'description')).find((w) => !inNames.includes(w))!;
    const fromCategory = onPage.flatMap((p) => words(p, 'category')).find((w) => !inNames.includes(w))!;
    for (const word of [fromDescription, fromCategory]) {
      expect(word).toBeTruthy();
      // Ranked as far as a card tells (the fields and the stock; the page's order among equals).
      const words = searchWords(word);
      const want = onPage
        .filter((p) => matchesTerm(p, word))
        .map((p, at) => ({ p, at, relevance: relevance(fieldsOf(p), words), inStock: Number(p.stock > 0) }))
        .sort((a, b) => b.relevance - a.relevance || b.inStock - a.inStock || a.at - b.at)
        .slice(0, 5)
        .map(({ p }) => p);
      const box = await searchBox(page, '/');
      await box.pressSequentially(word);
      await expect(page.getByRole('option'), word).toHaveCount(want.length);
      await expect(page.getByRole('option').first(), word).toContainText(want[0].name);
    }
  });


  test('axe: no WCAG 2.1 A/AA violations with the suggestions open', async ({ page }) => {
    const box = await searchBox(page);
    await box.pressSequentially(TERM);
    await expect(page.getByRole('option')).toHaveCount(5);
    await box.press('ArrowDown');
    expect(await axeViolations(page)).toEqual([]);
  });
});

/*
 * The index keeps one address across builds, so the browser must ask whether it changed on every
 * page load. The store's e2e build served on a server of this test's own (the store's static
 * handler; /api/ passed to the store), with the index from a folder of its own, so the test can
 * change it on disk without another test meeting the change. No page.route here: routing turns
 * the browser's HTTP cache off.
 */
test.describe('the search index at its one address', () => {
  test('a second page load revalidates it (304, no download); once it changes on disk, the next page load gets the new one', async ({ page, baseURL, catalog }) => {
    const [first] = expected(await catalog.products(), TERM);
    const dist = fileURLToPath(new URL('../.cache/e2e/dist', import.meta.url));
    const indexDir = await mkdtemp(join(tmpdir(), 'kiryana-search-index-'));
    const indexFile = join(indexDir, 'search-index.json');
    await copyFile(join(dist, 'search-index.json'), indexFile);
    const pages = staticHandler(() => dist);
    const indexFiles = staticHandler(() => indexDir);
    const asked: { ifNoneMatch: string | null; status: number; etag: string | null }[] = [];
    const toStore = async (request: Request) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete('host');
      const reply = await fetch(new URL(url.pathname + url.search, baseURL), { method: request.method, headers });
      const out = new Headers(reply.headers);
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(reply.body, { status: reply.status, headers: out });
    };
    const files = async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/')) return toStore(request);
      if (pathname !== '/search-index.json') return pages(request);
      const reply = await indexFiles(request);
      asked.push({ ifNoneMatch: request.headers.get('if-none-match'), status: reply.status, etag: reply.headers.get('etag') });
      return reply;
    };
    const server = await new Promise<ReturnType<typeof serve>>((done) => {
      const s = serve({ fetch: files, port: 0, hostname: '127.0.0.1' }, () => done(s));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const suggestionsFor = async () => {
      const box = await searchBox(page, `${origin}/about/`);
      await box.pressSequentially(TERM);
      await expect(page.getByRole('option')).toHaveCount(5);
    };
    try {
      await suggestionsFor();
      // The page names the index by its address alone: nothing in the HTML follows its content.
      await expect(page.locator('form[data-suggest]')).toHaveCount(2);
      await expect(page.locator('form[data-search-index="/search-index.json"]')).toHaveCount(2);
      await expect(page.getByRole('option').first()).toContainText(first.name);
      expect(asked).toEqual([{ ifNoneMatch: null, status: 200, etag: expect.stringMatching(/^W\//) }]);
      const etag = asked[0].etag;

      await suggestionsFor();
      await expect(page.getByRole('option').first()).toContainText(first.name);
      expect(asked.slice(1)).toEqual([{ ifNoneMatch: etag, status: 304, etag }]);

      // A rebuild renames the first suggestion: the next page load downloads the index again.
      const index = JSON.parse(await readFile(indexFile, 'utf8')) as { name: string[] };
      const at = index.name.indexOf(first.name);
      expect(at).toBeGreaterThanOrEqual(0);
      index.name[at] = `${first.name} Renamed`;
      await writeFile(indexFile, JSON.stringify(index));
      await suggestionsFor();
      await expect(page.getByRole('option').filter({ hasText: `${first.name} Renamed` })).toHaveCount(1);
      expect(asked.slice(2).map(({ ifNoneMatch, status }) => ({ ifNoneMatch, status }))).toEqual([{ ifNoneMatch: etag, status: 200 }]);
      expect(asked[2].etag).not.toBe(etag);
    } finally {
      await new Promise((done) => server.close(done));
      await rm(indexDir, { recursive: true, force: true });
    }
  });
});

test.describe('search form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('Enter submits a term to the search page and refuses a blank one', async ({ page }) => {
    await page.goto('/about/');
    if ((page.viewportSize()?.width ?? 0) < 768) test.skip(true, 'the drawer needs its script to open');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('  ');
    await box.press('Enter');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL('/about/');
    await box.fill(TERM);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search/?q=${TERM}`);
  });
});
