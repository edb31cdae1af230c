/**
 * The order pages before React: the confirmation, an order's status and Order not found drawn by
 * the pages' own script with no React at all (the requests counted), their links and form working
 * at the first tap, and nothing on them changing while the shopper moves over, focuses or types in
 * them. A load that failed is drawn in the loading state's place with no React either, and its
 * Try Again asks once; so does a page seen online and opened offline, whose island code would
 * never have been fetched.
 */
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { placeGuestOrder, productFor } from './checkout.ts';
import { kept, underWorker } from './offline.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** The requests for React's chunks, and for the order, the page makes from now on. */
function watch(page: Page) {
  const seen = { react: [] as string[], orders: [] as string[], documents: [] as string[] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/\/_astro\/react\.[^/]*\.js$/.test(url.pathname)) seen.react.push(url.pathname);
    if (url.pathname.startsWith('/api/order/order-status/')) seen.orders.push(url.pathname);
    if (r.isNavigationRequest()) seen.documents.push(url.pathname);
  });
  return seen;
}

/** What the page shows in its main region: its markup and where its parts are on the page. */
const seenMain = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    const place = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [r.x + scrollX, r.y + scrollY, r.width, r.height].join(' ');
    };
    return { html: main.innerHTML, boxes: [...main.querySelectorAll('h1, h2, dd, li, a, input, button')].map(place) };
  });

/** Moves over the page, focuses its first link and presses a key on it: what wakes an island elsewhere. */
async function interact(page: Page) {
  await page.getByRole('heading', { level: 1 }).hover();
  await page.getByRole('main').getByRole('link').first().focus();
  await page.keyboard.press('Shift');
}

test.describe('order pages before React', () => {
  test('the confirmation is drawn with no React, stays as drawn when touched, and its Track Your Order opens the status page at the first tap', async ({ page, catalog, request }) => {
    const order = await placeGuestOrder(request, await productFor(catalog, 16), 2);
    const seen = watch(page);
    await page.goto(`/order/success/${order._id}/`);
    const success = page.getByTestId('order-success');
    await expect(success.getByTestId('order-id')).toHaveText(order._id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
    await page.waitForLoadState('networkidle');
    expect(seen.react, 'no React on the confirmation').toEqual([]);
    expect(seen.orders, 'the order asked for once').toHaveLength(1);

    const drawn = await seenMain(page);
    await interact(page);
    await page.waitForLoadState('networkidle');
    expect(await seenMain(page)).toEqual(drawn);
    expect(seen.react, 'nothing there needs React').toEqual([]);

    await success.getByRole('link', { name: 'Track Your Order' }).click();
    await page.waitForURL(`/order/order-status/${order._id}/`);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', 'order');
    await expect(page.getByTestId('order-id')).toHaveText(order._id);
    await page.waitForLoadState('networkidle');
    expect(seen.documents.filter((p) => p.startsWith('/order/order-status/')), 'one tap, one visit').toHaveLength(1);
    expect(seen.react).toEqual([]);
  });

  test('an order by id and by number is drawn with no React, and stays as drawn when touched', async ({ page, catalog, request }) => {
    const order = await placeGuestOrder(request, await productFor(catalog, 17));
    const seen = watch(page);
    for (const [value, view] of [[order._id, 'order'], [order.orderNumber, 'summary']] as const) {
      await page.goto(`/order/order-status/${value}/`);
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', view);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);
      await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(4);
      await page.waitForLoadState('networkidle');
      const drawn = await seenMain(page);
      await interact(page);
      await page.waitForLoadState('networkidle');
      expect(await seenMain(page)).toEqual(drawn);
    }
    expect(seen.react, 'no React on the status page').toEqual([]);
    expect(seen.orders).toHaveLength(2);
  });

  test('Order not found is drawn with no React, and its form takes what is typed at the first tap', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/order/order-status/no-such-order-1234567890/');
    await expect(page.getByTestId('order-not-found')).toContainText('Order not found.');
    const box = page.getByLabel('Order number or order ID');
    await box.click();
    await box.pressSequentially('KR-ZZZZ-ZZZZ');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('KR-ZZZZ-ZZZZ');
    expect(seen.react, 'no React for Order not found').toEqual([]);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.waitForURL('/order/order-status/KR-ZZZZ-ZZZZ/');
    await expect(page.getByTestId('order-not-found')).toBeVisible();
  });

  test('a failed load is drawn in place of the loading state with no React, and Try Again asks once at the first tap', async ({ page, catalog, request }) => {
    const order = await placeGuestOrder(request, await productFor(catalog, 18));
    const seen = watch(page);
    // The page's request is held, then refused; the ones after it go through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/order/order-status/*', async (route) => {
      await held;
      await route.fulfill({ status: 503, json: { success: false, message: 'Service Unavailable' } });
    }, { times: 1 });
    await page.goto(`/order/order-status/${order._id}/`);
    await expect(page.getByTestId('order-loading')).toBeVisible();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    release();
    await expect(page.getByTestId('order-error')).toContainText('We could not load this order just now.');
    // The heading stays where the loading state had it.
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(heading);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('order-id')).toHaveText(order._id);
    await page.waitForLoadState('networkidle');
    expect(seen.orders, 'one tap, one request').toHaveLength(2);
    expect(seen.react, 'no React for a failed load').toEqual([]);
  });
});

test.describe('an order page offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a status page seen online is never kept: opened offline it is the offline page, and back online the order', async ({ page, context, catalog, request }) => {
    const order = await placeGuestOrder(request, await productFor(catalog, 19));
    const path = `/order/order-status/${order._id}/`;
    await page.goto('/');
    await underWorker(page);
    await kept(page, '/');
    await page.goto(path);
    await expect(page.getByTestId('order-id')).toHaveText(order._id);
    // An order (name, address, phone) stays off a shared phone's caches.
    expect(await page.evaluate(async (p) => !!(await caches.match(new URL(p, location.href).href)), path)).toBe(false);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('order-id')).toHaveText(order._id);
  });
});
