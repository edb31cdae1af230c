/**
 * Categories at the desk against the real store: an editor adds one, renames it (its page shows
 * the new name after the rebuild, and the old name's address answers 301 to the category), is told
 * in words when another editor saved it meanwhile, and moves it up: the shop's menu follows.
 * The spec works on a category of its own, so the shop's other categories keep their names.
 */
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const categoryPath = (idOrName: string) => `/category/${encodeURIComponent(idOrName)}/`;
const origin = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

/** The category names of the shop's phone menu, in order. */
async function menuNames(page: Page): Promise<string[]> {
  await page.goto('/about/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return (await drawer.locator('a[href^="/category/"]').allTextContents()).map((n) => n.trim());
}

test('an editor adds, renames and moves a category: the pages, the old address and the menu follow', async ({ page, mailbox }) => {
  const tag = Date.now().toString(36);
  const first = `Aisle ${tag} <img src=x onerror=alert(1)>`;
  const renamed = `Aisle ${tag} Renamed`;
  await readyMember(page, mailbox, 'editor', 'Cat Editor');
  await page.goto('/staff/categories/');
  const add = page.getByRole('form', { name: 'Add a category' });
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(add.getByText('Please give the category a name.')).toBeVisible();
  await add.getByLabel('Name').fill(first);
  await add.getByLabel('Description').fill('Made by the categories spec');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByTestId('form-success')).toContainText('is added, last in the menu.');
  const rows = page.getByTestId('category-row');
  const row = rows.filter({ hasText: first });
  await expect(rows.last()).toContainText(first); // as text, never markup
  expect(await axeViolations(page)).toEqual([]);
  const id = (await row.getAttribute('data-id'))!;
  expect(id).toBe(`aisle-${tag}-img-src-x-onerror-alert-1`);

  // The new category's page, once the store has rebuilt the site.
  await expect(async () => {
    expect((await page.request.get(categoryPath(id))).status()).toBe(200);
  }).toPass({ timeout: 60_000 });

  // Rename it in place.
  await row.getByRole('button', { name: `Change ${first}` }).click();
  const form = page.getByRole('form', { name: `Change ${first}` });
  await form.getByLabel('Name').fill('');
  await expect(form.getByText('Please give the category a name.')).toBeVisible();
  await form.getByLabel('Name').fill(renamed);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-success')).toContainText(`${renamed} is saved`);
  await expect(rows.filter({ hasText: renamed })).toHaveCount(1);

  await expect(async () => {
    const moved = await page.request.get(categoryPath(first), { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(categoryPath(id));
  }).toPass({ timeout: 60_000 });
  await page.goto(categoryPath(first));
  await expect(page).toHaveURL(new RegExp(`${categoryPath(id)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);

  // Another editor saves it while this one has it open: this one is told, and nothing is lost.
  await page.goto('/staff/categories/');
  await rows.filter({ hasText: renamed }).getByRole('button', { name: `Change ${renamed}` }).click();
  const open = page.getByRole('form', { name: `Change ${renamed}` });
  const stored = (await (await page.request.get('/api/staff/categories')).json()).data.categories.find((c: { _id: string }) => c._id === id);
  const other = await page.request.patch(`/api/staff/categories/${id}`, { headers: origin(), data: { version: stored.version, changes: { description: 'Changed meanwhile' } } });
  expect(other.ok(), await other.text()).toBeTruthy();
  await open.getByLabel('Description').fill('My own words');
  await open.getByRole('button', { name: 'Save' }).click();
  await expect(open.getByTestId('form-error')).toContainText('This category was changed by Cat Editor at');
  await expect(open.getByTestId('form-error')).toContainText('Your changes were not saved: see what changed, then save again.');
  await expect(open.getByTestId('category-now')).toContainText('Description: Changed meanwhile');
  await expect(open.getByLabel('Description')).toHaveValue('My own words');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/h3-categories-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: '/tmp/h3-categories-375.png', fullPage: true });
  await open.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-success')).toContainText(`${renamed} is saved`);

  // Up one: the shop's menu shows it before the category that was before it.
  const names = (await (await page.request.get('/api/staff/categories')).json()).data.categories.map((c: { name: string }) => c.name) as string[];
  const before = names[names.indexOf(renamed) - 1];
  await page.getByRole('button', { name: `Move ${renamed} up` }).click();
  await expect(page.getByTestId('form-success')).toContainText(`${renamed} is now number ${names.indexOf(renamed)} in the shop’s menu.`);
  await expect(page.getByRole('button', { name: `Move ${renamed} up` })).toBeFocused();
  await expect(async () => {
    const menu = await menuNames(page);
    expect(menu.indexOf(renamed)).toBeGreaterThanOrEqual(0);
    expect(menu.indexOf(renamed)).toBeLessThan(menu.indexOf(before));
  }).toPass({ timeout: 60_000 });

  // Back where it was, for the specs that read the menu.
  await page.goto('/staff/categories/');
  await page.getByRole('button', { name: `Move ${renamed} down` }).click();
  await expect(page.getByTestId('form-success')).toBeVisible();
});
