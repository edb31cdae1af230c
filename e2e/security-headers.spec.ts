/**
 * Every page type under the store's Content-Security-Policy, doing what shoppers do on it (search
 * suggestions, add to cart, the heart, the cart, a guest checkout, sign-in, the account): a single
 * `securitypolicyviolation` (an inline script whose hash the build missed, an inline handler, an
 * eval) fails the test. Each page's response carries the page headers.
 */
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newEmail, signInNewAccount } from './accounts.ts';
import { details, fillCheckout, productFor, seedCart } from './checkout.ts';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Records every CSP violation of every page the test opens, and the console's CSP complaints. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
  });
  // The order pages may move on by themselves (a success page seen before leaves for the order's
  // status): a read cut off by such a navigation is made again on the page it led to, whose
  // violations the console list above also holds.
  return async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return [...console, ...(await page.evaluate(() => window.__cspViolations))];
      } catch (error) {
        if (attempt === 3 || !/Execution context was destroyed/.test(String(error))) throw error;
        await page.waitForLoadState('networkidle');
      }
    }
  };
}

function expectPageHeaders(response: Response | null) {
  const headers = response!.headers();
  const policy = headers['content-security-policy'];
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(policy).not.toMatch(/unsafe-inline[^;]*;.*script|script-src[^;]*unsafe-(inline|eval)/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) expect(policy).toContain(directive);
  expect(headers['strict-transport-security']).toMatch(/max-age=(3153[6-9]\d{3}|[4-9]\d{7,}|\d{9,})/);
  expect(headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
}

/** Opens `path`, checks its headers, lets its islands start, and returns nothing: violations are read at the end. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expectPageHeaders(response);
  await page.waitForLoadState('networkidle');
}

test.describe('the Content-Security-Policy', () => {
  test('a guest browses, searches, fills the cart and checks out without one violation', async ({ page, catalog }) => {
    const violations = await watchPolicy(page);
    const product = await productFor(catalog, 13);

    await visit(page, '/');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();

    // Search suggestions: the header's box on desktop, the drawer's on a phone.
    if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.click();
    await box.pressSequentially('masala', { delay: 30 });
    await expect(page.getByRole('option').first()).toBeVisible();

    await visit(page, `/category/${encodeURIComponent(product.category)}/`);
    await visit(page, `/product/${product._id}/`);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByRole('heading', { name: /review/i }).first().scrollIntoViewIfNeeded();
    await visit(page, '/search/?q=rice');
    await expect(page.getByText(/result/i).first()).toBeVisible();
    await visit(page, '/wishlist/');
    await visit(page, '/about/');
    await visit(page, '/OrderStatus/');
    const missing = await page.goto('/no-such-page/');
    expect(missing!.status()).toBe(404);
    expectPageHeaders(missing);

    await visit(page, '/cart/');
    await expect(page.getByTestId('line-quantity').first()).toBeVisible();
    await seedCart(page, [[product, 1]]);
    await visit(page, '/checkout-page/');
    await fillCheckout(page, details(newEmail('csp')));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\//);
    expectPageHeaders(await page.reload());
    await page.waitForLoadState('networkidle');

    expect(await violations()).toEqual([]);
  });

  test('sign-in, registration and a signed-in account without one violation', async ({ page, mailbox }) => {
    const violations = await watchPolicy(page);
    await visit(page, '/signin/');
    await visit(page, '/register/');
    await page.getByLabel('Full Name').fill('Sana');
    await signInNewAccount(page, page.request, mailbox, 'csp-account', 'Sana Malik');
    await visit(page, '/account/');
    await expect(page.getByText('Welcome back, Sana!')).toBeVisible();
    await visit(page, '/profile/');
    expect(await violations()).toEqual([]);
  });
});

test.describe('per-client limits in the browser', () => {
  test('after five wrong passwords on one account the sign-in form says to wait, in words', async ({ page }) => {
    const email = `held-${test.info().project.name}-${Date.now()}@example.pk`;
    await page.goto('/signin/');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(`wrong ${i}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Invalid e-mail or password.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    }
    await page.getByLabel('Password', { exact: true }).fill('one more');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Too many failed sign-in attempts. Please try again in 1 minute.')).toBeVisible();
  });
});
