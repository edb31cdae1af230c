/**
 * Helpers of the listing specs (category and search pages): card ids on the page and from the API,
 * a results list settled, the sorts, a card's shape, and the controls used as a shopper does.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The ids of the product cards in `list`, in order. */
export const cardIds = (list: Locator) => list.getByTestId('product-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));

/** The ids of the products the API lists for `query`, in order. */
export async function apiIds(request: APIRequestContext, query: Record<string, string | number>): Promise<string[]> {
  const reply = await request.get(`/api/products?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(reply.ok()).toBeTruthy();
  return (await reply.json()).data.products.map((p: { _id: string }) => p._id);
}

/**
 * Waits until a results list has loaded and its loading dimness (opacity 50 %, faded back) is gone:
 * axe measures colour contrast through opacity, so a list caught mid-load reads as low contrast.
 */
export async function settled(list: Locator) {
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => list.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** The 7 sorts as the select offers them, with the API order each stands for. */
export const SORT_CASES = [
  ['newest', 'Newest', 'createdAt', 'desc'],
  ['oldest', 'Oldest', 'createdAt', 'asc'],
  ['price-asc', 'Price: Low to High', 'price', 'asc'],
  ['price-desc', 'Price: High to Low', 'price', 'desc'],
  ['rating', 'Highest Rated', 'rating', 'desc'],
  ['name-asc', 'Name: A to Z', 'name', 'asc'],
  ['name-desc', 'Name: Z to A', 'name', 'desc'],
] as const;

/** The search page's sorts: Best Match (the search ranking) first and by default, then the 7. */
export const SEARCH_SORT_CASES = [['relevance', 'Best Match', 'relevance', 'desc'], ...SORT_CASES] as const;

/**
 * A card reduced to what must be the same wherever it is rendered: every element's tag, its
 * attributes (sorted; `loading` left out, it depends on the card's place) and its text.
 */
export function cardShape(card: Locator): Promise<string> {
  return card.evaluate((root) => {
    const walk = (el: Element): string => {
      const attrs = [...el.attributes]
        .filter((a) => a.name !== 'loading')
        .map((a) => `${a.name}=${a.value.replace(/\s+/g, ' ').trim()}`)
        .sort()
        .join(' ');
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === 3)
        .map((n) => n.textContent ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      return `<${el.tagName.toLowerCase()} ${attrs}>${text}${[...el.children].map(walk).join('')}</>`;
    };
    return walk(root);
  });
}

/**
 * Picks an option as a shopper does: focus first (a click or Tab), which is what hydrates a
 * `client:interact` island; a bare programmatic change would reach no listener.
 */
export async function pick(select: Locator, value: string | { label: string }) {
  await select.focus();
  await select.selectOption(value);
}

/** Chooses a radio styled as a button by clicking its label, as a shopper does. */
export async function choose(page: Page, name: string) {
  await page.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) }).click();
}
