/**
 * The checkout's address, against the real API and database: the province is a choice of the
 * seven, the city suggests Pakistan's cities, the postal code may be left empty but is refused
 * when it is not 5 digits; a guest's last address is offered on the same device; a signed-in
 * shopper's default address is filled in, another can be chosen, and a new one saved to the book.
 */
import { PROVINCES } from '#lib/address.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { newEmail, signInNewAccount } from './accounts.ts';
import { lineOf, stored } from './shopper.ts';
import { details, field, fillCheckout, productFor, seedCart } from './checkout.ts';
import { ADDRESS_BOOK_MESSAGES } from '#lib/address-book.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const POSTAL_MESSAGE = 'Postal code must be 5 digits, such as 54000. Leave it empty if you do not know it.';
const BOOK = '/api/users/addresses';

test.describe('checkout address', () => {
  test('a guest: province chosen, city suggested, postal code optional but 5 digits; the last address is offered next time @widths', async ({ page, catalog }) => {
    const product = await productFor(catalog, 20);
    await seedCart(page, [[product, 1]]);
    await page.goto('/checkout-page/');
    // Nothing kept on this device yet: nothing offered.
    await expect(page.getByRole('heading', { name: 'Deliver to' })).toBeHidden();

    const province = field(page, 'shippingAddress.province');
    await expect(province.locator('option')).toHaveText(['Choose a province', ...PROVINCES.map((p) => p.name)]);
    const city = field(page, 'shippingAddress.city');
    await expect(city).toHaveAttribute('list', 'pk-cities');
    const suggested = await page.locator('datalist#pk-cities option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(suggested.length).toBeGreaterThanOrEqual(100);
    expect(suggested).toEqual(expect.arrayContaining(['Karachi', 'Lahore', 'Faisalabad', 'Quetta', 'Gilgit', 'Muzaffarabad', 'Turbat']));
    await expect(field(page, 'shippingAddress.address')).toHaveAttribute('autocomplete', 'address-line1');
    await expect(field(page, 'shippingAddress.country')).toHaveAttribute('readonly', '');

    await fillCheckout(page, { ...details(newEmail('guest-address')), 'shippingAddress.city': 'Chak Jhumra', 'shippingAddress.province': 'Punjab', 'shippingAddress.postalCode': '1' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('[id="shippingAddress.postalCode-error"]')).toHaveText(POSTAL_MESSAGE);
    await expect(page.getByRole('alert').filter({ hasText: POSTAL_MESSAGE })).toBeVisible();
    await expect(field(page, 'shippingAddress.postalCode')).toBeFocused();

    // Left empty, it is fine: the order is placed, to a town the suggestions do not list.
    await field(page, 'shippingAddress.postalCode').fill('');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    await expect(page.getByTestId('order-address')).toContainText('Chak Jhumra, Punjab');

    // The next checkout on this device offers that address, filled in already.
    expect(JSON.parse((await stored(page, 'lastAddress')) ?? 'null')).toEqual({ address: 'House 12, Street 4, F-7/2', city: 'Chak Jhumra', province: 'PB', postalCode: '' });
    await page.evaluate((lines) => localStorage.setItem('guestCart', JSON.stringify(lines)), [lineOf(product, 1)]);
    await page.goto('/checkout-page/');
    const last = page.getByRole('radio', { name: /Your last address/ });
    await expect(last).toBeChecked();
    await expect(field(page, 'shippingAddress.address')).toHaveValue('House 12, Street 4, F-7/2');
    await expect(field(page, 'shippingAddress.city')).toHaveValue('Chak Jhumra');
    await expect(province).toHaveValue('PB');
    await expect(field(page, 'shippingAddress.postalCode')).toHaveValue('');
    await page.screenshot({ path: `/tmp/address-guest-${test.info().project.name}.png`, fullPage: true });

    // A new address empties the address fields; the last one can be chosen again.
    await page.getByRole('radio', { name: 'A new address' }).check();
    await expect(field(page, 'shippingAddress.city')).toHaveValue('');
    await expect(province).toHaveValue('');
    await last.check();
    await expect(field(page, 'shippingAddress.city')).toHaveValue('Chak Jhumra');
  });

  test('signed in: the default address is filled in, another can be chosen, and a new one is saved to the book', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 21);
    const { token } = await signInNewAccount(page, page.request, mailbox, 'book');
    const headers = { Authorization: `Bearer ${token}` };
    expect((await page.request.post(BOOK, { headers, data: { label: 'Home', address: '7 Canal View', city: 'Lahore', province: 'Punjab', postalCode: '54000' } })).status()).toBe(201);
    expect((await page.request.post(BOOK, { headers, data: { label: 'Office', address: 'Plot 3, I.I. Chundrigar Road', city: 'Karachi', province: 'SD', isDefault: true } })).status()).toBe(201);
    await seedCart(page, [[product, 1]]);
    await page.goto('/checkout-page/');

    await expect(page.getByRole('radio', { name: /Office/ })).toBeChecked();
    await expect(field(page, 'shippingAddress.address')).toHaveValue('Plot 3, I.I. Chundrigar Road');
    await expect(field(page, 'shippingAddress.city')).toHaveValue('Karachi');
    await expect(field(page, 'shippingAddress.province')).toHaveValue('SD');
    await page.screenshot({ path: `/tmp/address-signed-in-${test.info().project.name}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: /Home/ }).check();
    await expect(field(page, 'shippingAddress.city')).toHaveValue('Lahore');
    await expect(field(page, 'shippingAddress.province')).toHaveValue('PB');
    await expect(field(page, 'shippingAddress.postalCode')).toHaveValue('54000');

    // A new address, saved as Parents once the order is placed.
    await page.getByRole('radio', { name: 'A new address' }).check();
    await fillCheckout(page, { 'shippingAddress.address': '12 Saddar Road', 'shippingAddress.city': 'Peshawar', 'shippingAddress.province': 'Khyber Pakhtunkhwa', 'shippingAddress.postalCode': '25000' });
    await page.getByRole('checkbox', { name: 'Save this address in my address book' }).check();
    await page.getByLabel('Name it').fill('Parents');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    const book = await (await page.request.get(BOOK, { headers })).json();
    expect(book.addresses.map((a: { label: string; city: string; province: string; isDefault: boolean }) => [a.label, a.city, a.province, a.isDefault])).toEqual([
      ['Office', 'Karachi', 'SD', true],
      ['Home', 'Lahore', 'PB', false],
      ['Parents', 'Peshawar', 'KP', false],
    ]);
  });

  test('signed in with a full address book: "Save this address" says the book is full instead', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 21);
    const { token } = await signInNewAccount(page, page.request, mailbox, 'fullbook');
    const headers = { Authorization: `Bearer ${token}` };
    for (let i = 1; i <= 10; i++) {
      expect((await page.request.post(BOOK, { headers, data: { label: `Place ${i}`, address: `${i} Mall Road`, city: 'Lahore', province: 'PB' } })).status()).toBe(201);
    }
    await seedCart(page, [[product, 1]]);
    await page.goto('/checkout-page/');
    await expect(page.getByRole('radio', { name: /Place 10/ })).toBeVisible();
    await expect(page.getByText(ADDRESS_BOOK_MESSAGES.fullAtCheckout)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Save this address in my address book' })).toBeHidden();
  });
});
