/**
 * Where the search suggestions come from: the search index, at its one address and revalidated on
 * each page load; without it, the API; without both, the products on the page.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticHandler } from '#server/static.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { cardSearchText, fieldsOfCard } from '#lib/search-carried.ts';
import { createSearcher } from '#lib/search/searcher.ts';
import { test, expect, rs } from './fixtures.ts';
import { serveInFrontOfStore } from './store-proxy.ts';
import { expected, isSearchCall, searchBox, TERM } from './search-suggestions.ts';

test.describe('search suggestions', () => {
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
    const want = expected(await catalog.products(), 'chaat', await catalog.dictionary());
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
      // Ranked by the rule as far as a card tells (its fields and stock, no dictionary; the page's order among equals).
      const want = createSearcher(onPage.map((p, at) => ({ ...fieldsOfCard(p.name, cardSearchText(p)), p, id: String(at).padStart(6, '0'), stock: p.stock, rating: 0 })))
        .search(word, 5)
        .map(({ p }) => p);
      const box = await searchBox(page, '/');
      await box.pressSequentially(word);
      await expect(page.getByRole('option'), word).toHaveCount(want.length);
      await expect(page.getByRole('option').first(), word).toContainText(want[0].name);
    }
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
    // Three page loads through a server of its own: more than the default 30 s on a busy machine
    // (a fresh store draws its artwork in the background).
    test.setTimeout(60_000);
    const [first] = expected(await catalog.products(), TERM, await catalog.dictionary());
    const dist = fileURLToPath(new URL('../.cache/e2e/dist', import.meta.url));
    const indexDir = await mkdtemp(join(tmpdir(), 'kiryana-search-index-'));
    const indexFile = join(indexDir, 'search-index.json');
    await copyFile(join(dist, 'search-index.json'), indexFile);
    const pages = staticHandler(() => dist);
    const indexFiles = staticHandler(() => indexDir);
    const asked: { ifNoneMatch: string | null; status: number; etag: string | null }[] = [];
    const files = async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname !== '/search-index.json') return pages(request);
      const reply = await indexFiles(request);
      asked.push({ ifNoneMatch: request.headers.get('if-none-match'), status: reply.status, etag: reply.headers.get('etag') });
      return reply;
    };
    const server = await serveInFrontOfStore(baseURL!, files);
    const { origin } = server;
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
      await server.close();
      await rm(indexDir, { recursive: true, force: true });
    }
  });
});
