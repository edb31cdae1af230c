/**
 * The search words desk against the real store: an editor keeps the dictionary (filter, add with
 * the rules checked as typed, change, remove after a confirm); a shopper's search that found nothing
 * shows up under "Searches that found nothing", and "Add a synonym" opens the add form with it.
 * Then a word an editor adds (a made-up word → an existing product's name) is found, within the
 * seconds of any catalogue change, by the header's suggestions, `GET /api/products?q=` and the
 * shop's search page. Axe-clean; screenshots at the phone's width and (the `desktop` project) a desk's.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { apiIds, cardIds } from './listing-helpers.ts';
import { results } from './search-page.ts';
import { mountedSearchBox } from './search-suggestions.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 240_000 });

/** The ids `GET /api/products?q=` finds for `term`. */
const apiFinds = (request: APIRequestContext, term: string) => apiIds(request, { q: term, limit: 48 });

test('an editor keeps the search words: filter, add (the rules as typed), change, remove after a confirm; a search that found nothing is listed to add @widths', async ({ page, catalog, mailbox }) => {
  const project = test.info().project.name;
  const tag = `${Date.now().toString(36)}${project.slice(0, 2)}`.replace(/[^a-z]/g, 'q');
  const typed = `zunk${tag}`;
  const missed = `vorp${tag}`;
  // A product of the seed and its name's first words (letters only): what the made-up word finds.
  const product = (await catalog.products()).filter((p) => p.stock > 0).at(-13)!;
  const means = product.name.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w)).slice(0, 3).join(' ');
  expect(means, product.name).not.toBe('');
  expect(await apiFinds(page.request, typed)).toEqual([]);

  // A shopper's search that finds nothing is counted (its words only).
  expect((await page.request.get(`/api/search/nearest?${new URLSearchParams({ q: missed })}`)).status()).toBe(200);

  await readyMember(page, mailbox, 'editor', 'Words Editor');
  await page.goto('/staff/search-words/');
  await expect(page.getByRole('heading', { level: 1, name: 'Search words' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Search words' })).toHaveAttribute('aria-current', 'page');
  // The seed's dictionary is there, and the filter finds an entry by a word in Urdu script.
  await expect(page.getByTestId('synonym-row').first()).toBeVisible();
  await page.getByLabel('Filter').fill('چاول');
  await expect(page.getByTestId('synonym-row')).toHaveCount(1);
  await expect(page.getByTestId('synonym-row')).toContainText('rice');
  await page.getByLabel('Filter').fill('');

  // The miss is listed; "Add a synonym" puts it in the add form.
  const misses = page.getByTestId('misses');
  await expect(misses.getByTestId('miss-row').filter({ hasText: missed })).toContainText('Searched once');
  await misses.getByRole('button', { name: 'Most searched first' }).click();
  await expect(misses.getByRole('button', { name: 'Most searched first' })).toHaveAttribute('aria-pressed', 'true');
  await misses.getByRole('button', { name: 'Newest first' }).click();
  await misses.getByRole('button', { name: `Add a synonym for ${missed}` }).click();
  const add = page.getByRole('form', { name: 'Add search words' });
  await expect(add.getByLabel('What shoppers type')).toHaveValue(missed);
  await expect(add.getByLabel('What shoppers type')).toBeFocused();

  // The dictionary's rules as the editor types; then the entry.
  await add.getByLabel('What shoppers type').fill(`${typed}, ${means}`);
  await add.getByLabel('What it finds').fill(means);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('is on both sides: a word cannot mean itself.')).toBeVisible();
  await add.getByLabel('What shoppers type').fill(typed);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('search-words-said')).toContainText(`Saved: ${typed} → ${means}.`);
  await expect(add.getByLabel('What shoppers type')).toHaveValue('');
  const row = page.getByTestId('synonym-row').filter({ hasText: typed });
  await expect(row).toContainText('Saved by Words Editor');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Filter').fill(typed);
  await expect(page.getByTestId('synonym-row')).toHaveCount(1);
  await page.screenshot({ path: `/tmp/staff-search-words-${project}.png`, fullPage: true });

  // Change it, then remove it after a confirm: the search no longer finds by it.
  await row.getByRole('button', { name: `Change ${typed} → ${means}` }).click();
  const form = page.getByRole('form', { name: `Change ${typed} → ${means}` });
  await form.getByLabel('What shoppers type').fill(`${typed}, ${missed}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('search-words-said')).toContainText(`Saved: ${typed}, ${missed} → ${means}.`);
  await page.getByLabel('Filter').fill(typed);
  const changed = page.getByTestId('synonym-row').filter({ hasText: typed });
  await changed.getByRole('button', { name: `Remove ${typed}, ${missed} → ${means}` }).click();
  await expect(changed.getByText('Shoppers typing these words will no longer find what it finds.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await changed.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('search-words-said')).toContainText(`Removed: ${typed}, ${missed} → ${means}.`);
  await expect(page.getByTestId('synonym-row')).toHaveCount(0);
});

test('the next search finds by a word an editor adds: the header’s suggestions, the API and the search page @widths', async ({ page, catalog, mailbox }) => {
  const project = test.info().project.name;
  const typed = `gorx${`${Date.now().toString(36)}${project.slice(0, 2)}`.replace(/[^a-z]/g, 'q')}`;
  const product = (await catalog.products()).filter((p) => p.stock > 0).at(-17)!;
  const means = product.name.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w)).slice(0, 3).join(' ');
  expect(await apiFinds(page.request, typed)).toEqual([]);
  await readyMember(page, mailbox, 'editor', 'Words Editor');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const added = await page.request.post('/api/staff/search/synonyms', { headers: { Origin: origin }, data: { words: [typed], means: [means] } });
  expect(added.status(), await added.text()).toBe(201);
  const entry = (await added.json()).data.synonym as { id: number; version: number };

  // The suggestions' index is rewritten by the site keeper: the header suggests the product.
  await expect(async () => {
    const box = await mountedSearchBox(page);
    await box.fill(typed);
    await expect(page.getByRole('option').filter({ hasText: product.name })).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  // Within the seconds of a catalogue change, the API and the shop's search page find the product by it.
  await expect.poll(() => apiFinds(page.request, typed), { timeout: 60_000 }).toContain(product._id);
  const shop = await page.context().newPage();
  try {
    await expect(async () => {
      await shop.goto(`/search/?q=${typed}`);
      await expect.poll(() => cardIds(results(shop)), { timeout: 10_000 }).toContain(product._id);
    }).toPass({ timeout: 60_000 });
    await shop.screenshot({ path: `/tmp/staff-search-words-shop-${project}.png` });
  } finally {
    await shop.close();
  }

  // Removed, the word finds nothing again.
  const removed = await page.request.delete(`/api/staff/search/synonyms/${entry.id}?version=${entry.version}`, { headers: { Origin: origin } });
  expect(removed.status()).toBe(200);
  await expect.poll(() => apiFinds(page.request, typed), { timeout: 60_000 }).toEqual([]);
});
