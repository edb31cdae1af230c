/**
 * The header's menus and the phone drawer, used with the keyboard alone, and the user area with and
 * without a stored token (src/shell/chrome/).
 */
import type { Page } from '@playwright/test';
import { TYPE_AHEAD_RESET_MS } from '#shell/chrome/menu-keys.ts';
import { test, expect } from './fixtures.ts';
import { withoutListsApi } from './shopper.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
/**
 * Letters typed within one task, as a quick typist's keys arrive. Playwright's keyboard sends each key
 * through the driver, and on a loaded CI machine more than the 350 ms type-ahead reset passed between
 * them; events dispatched together are milliseconds apart whatever the load. Returns the last key's
 * timeStamp, the time the type-ahead reset counts from.
 */
const typeQuickly = (page: Page, text: string) =>
  page.evaluate((letters) => {
    let last = 0;
    for (const key of letters) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      document.activeElement?.dispatchEvent(event);
      last = event.timeStamp;
    }
    return last;
  }, text);

async function signIn(page: Page) {
  await withoutListsApi(page);
  await page.goto('/about/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'e2e-token');
    localStorage.setItem('userName', 'Ayesha');
  });
  await page.reload();
}

test.describe('Categories menu', { tag: '@widths' }, () => {
  test('lists every category and works from the keyboard alone', async ({ page, catalog }) => {
    test.skip(isPhone(page), 'the second bar is a wide-screen bar; phones use the drawer');
    const categories = await catalog.categories();
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Categories' });
    const menu = page.getByRole('menu', { name: 'Categories' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText(categories.map((c) => c.name));
    expect(await focusedText(page)).toBe(categories[0].name);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe(categories[1].name);
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe(categories.at(-1)!.name);
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe(categories[0].name);
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe(categories.at(-1)!.name);
    await page.keyboard.press('Home');
    expect(await focusedText(page)).toBe(categories[0].name);

    // Type-ahead: letters typed quickly narrow the match; after 350 ms a new word starts.
    const starting = (text: string) => categories.find((c) => c.name.toLowerCase().startsWith(text))!.name;
    expect(categories.some((c) => c.name.toLowerCase().startsWith('b'))).toBe(true);
    const typedAt = await typeQuickly(page, 'fro');
    expect(await focusedText(page)).toBe(starting('fro'));
    // Once the reset has passed since the last key, one letter looks from the next item on, wrapping.
    await page.waitForFunction(([since, reset]) => performance.now() - since > reset, [typedAt, TYPE_AHEAD_RESET_MS]);
    await page.keyboard.press('b');
    const from = categories.findIndex((c) => c.name === starting('fro'));
    const nextB = [...categories.slice(from + 1), ...categories.slice(0, from + 1)].find((c) => c.name.toLowerCase().startsWith('b'))!;
    expect(await focusedText(page)).toBe(nextB.name);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp opens on the last item; Enter follows it.
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe(categories.at(-1)!.name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/category/${categories.at(-1)!._id}/$`));
  });

  test('closes on a click outside and on Tab', async ({ page }) => {
    test.skip(isPhone(page), 'wide screens only');
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Categories' });
    const menu = page.getByRole('menu', { name: 'Categories' });
    await button.click();
    await expect(menu).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(menu).toBeHidden();
    await button.click();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
  });

  test('quick links beside it show the first categories, all fully in view', async ({ page, catalog }) => {
    test.skip(isPhone(page), 'wide screens only');
    const categories = await catalog.categories();
    await page.goto('/');
    const quick = page.locator('[data-quick-links] a:visible');
    const names = await quick.allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names).toEqual(categories.slice(0, names.length).map((c) => c.name));
    const bar = await page.locator('[data-quick-links]').boundingBox();
    for (const link of await quick.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(bar!.x + bar!.width + 0.5);
    }
    expect(await page.locator('[data-quick-links]').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test.describe('user area', { tag: '@widths' }, () => {
  test('signed out: Sign In, and no profile menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account' })).toBeHidden();
    if (!isPhone(page)) await expect(page.locator('[data-site-header]').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('footer a', { hasText: 'Sign In' })).toBeAttached(); // in a closed accordion on phones
  });

  test('with a token: the profile menu has My Profile, My Orders and Logout, and Logout signs out', async ({ page }) => {
    await signIn(page);
    const header = page.locator('[data-site-header]');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeHidden();
    // The footer offers no Sign In to a signed-in shopper either.
    await expect(page.getByRole('contentinfo').locator('li', { hasText: 'Sign In' })).toBeHidden();
    const button = header.getByRole('button', { name: 'Account' });
    await expect(button).toBeVisible(); // phones too: the profile icon
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile/');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'My Orders' })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/account/#orders-heading');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await Promise.all([page.waitForEvent('load'), menu.getByRole('menuitem', { name: 'Logout' }).click()]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(header.getByRole('button', { name: 'Account' })).toBeHidden();
    if (!isPhone(page)) await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('another tab signing out hides the profile menu here', async ({ page, context }) => {
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/about/');
    await other.evaluate(() => localStorage.removeItem('token'));
    await expect(page.getByRole('button', { name: 'Account' })).toBeHidden();
  });
});

test.describe('phone drawer', { tag: '@widths' }, () => {
  test('opens from the keyboard, keeps focus inside, locks the page and closes on Escape', { tag: '@phone-only' }, async ({ page, catalog }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const width = await drawer.locator(':scope > div').nth(1).evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeCloseTo(Math.min(320, 375 * 0.85), 0);

    // Browse Categories is open by default and lists every category.
    const categories = await catalog.categories();
    await expect(drawer.getByRole('link', { name: categories.at(-1)!.name })).toBeVisible();

    // Shift+Tab from the first element wraps to the last (Sign In); Tab wraps back to the first.
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    for (let i = 0; i < categories.length + 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-drawer]'))).toBe(true);
    }

    // Collapsing Browse Categories takes its links out of the Tab order.
    await drawer.getByText('Browse Categories').click();
    await expect(drawer.getByRole('link', { name: categories[0].name })).toBeHidden();
    await drawer.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('the phone header has search one tap away: the drawer opens on its search box, focused', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/');
    const search = page.locator('[data-site-header]').getByRole('link', { name: 'Search' });
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('href', '/search/');
    // Once the header's script runs (any first touch loads it), the tap opens the drawer's box.
    await page.locator('body').dispatchEvent('pointerover');
    await page.waitForSelector('html[data-chrome-ready]', { state: 'attached' });
    await search.tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('tea');
    await expect(drawer.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(search).toBeFocused();
  });

  test('the phone header\'s search icon, followed before the header\'s script runs, opens the search page with its box focused and typed into', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/');
    const search = page.locator('[data-site-header]').getByRole('link', { name: 'Search' });
    await expect(search).toBeVisible();
    // The link as the browser follows it when no script has taken the tap.
    await page.goto((await search.getAttribute('href'))!);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search products' });
    await expect(box).toBeFocused();
    await page.keyboard.type('sugar');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('sugar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “sugar”');
    // With a term in the URL the results come first: the box is not focused (no keyboard over them).
    await page.goto('/search/?q=tea');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “tea”');
    await expect(box).not.toBeFocused();
  });

  test('signed in, the drawer ends with Logout, and the profile icon shows', { tag: '@phone-only' }, async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await Promise.all([page.waitForEvent('load'), drawer.getByRole('button', { name: 'Logout' }).click()]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
