/**
 * The account page's address book against the real API: add (the form refuses what the API
 * refuses, in the same words, losing nothing typed), edit, make default, remove; and the book the
 * page shows is the one checkout offers.
 */
import { paths } from '#lib/paths.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { signInNewAccount } from './accounts.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('the address book: add, refuse a bad postal code, edit, make default, remove @widths', async ({ page, mailbox }) => {
  const { token } = await signInNewAccount(page, page.request, mailbox, 'account-book');
  await page.goto(paths.account());
  const book = page.getByRole('region', { name: 'Address Book' });
  await expect(book.getByText('No saved addresses yet.', { exact: false })).toBeVisible();

  await book.getByRole('button', { name: 'Add an address' }).click();
  const form = book.getByRole('form', { name: 'New address' });
  await expect(form.getByLabel('Label', { exact: true })).toHaveValue('Home');
  await form.getByLabel('Address', { exact: true }).fill('7 Canal View');
  await form.getByLabel('City', { exact: true }).fill('Lahore');
  await form.getByLabel('Province').selectOption('Punjab');
  await form.getByLabel('Postal Code').fill('540');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.locator('[id="book-postalCode-error"]')).toHaveText('Postal code must be 5 digits, such as 54000. Leave it empty if you do not know it.');
  await expect(form.getByLabel('City', { exact: true })).toHaveValue('Lahore');
  await form.getByLabel('Postal Code').fill('54000');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form).toBeHidden();
  const saved = book.getByTestId('saved-address');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Home');
  await expect(saved.first()).toContainText('Default');
  await expect(saved.first()).toContainText('Lahore, Punjab 54000');

  // A second one, with no postal code; then it becomes the default.
  await book.getByRole('button', { name: 'Add an address' }).click();
  await form.getByLabel('Label', { exact: true }).fill('Office');
  await form.getByLabel('Address', { exact: true }).fill('Plot 3, Blue Area');
  await form.getByLabel('City', { exact: true }).fill('Islamabad');
  await form.getByLabel('Province').selectOption('ICT');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(saved).toHaveCount(2);
  await book.getByRole('button', { name: 'Make default: Office' }).click();
  await expect(saved.first()).toContainText('Office');
  await expect(saved.first()).toContainText('Default');
  await expect(saved.first()).toContainText('Islamabad, Islamabad Capital Territory');
  await page.screenshot({ path: `/tmp/address-account-${test.info().project.name}.png`, fullPage: true });
  await book.getByRole('button', { name: 'Add an address' }).click();
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Edit Home's city, then remove Office: Home is the default again.
  await book.getByRole('button', { name: 'Edit Home' }).click();
  const edit = book.getByRole('form', { name: 'Edit Home' });
  await expect(edit.getByLabel('City', { exact: true })).toHaveValue('Lahore');
  await edit.getByLabel('City', { exact: true }).fill('Sialkot');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByText('Sialkot, Punjab 54000')).toBeVisible();
  await book.getByRole('button', { name: 'Remove Office' }).click();
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Default');

  const reply = await (await page.request.get('/api/users/addresses', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(reply.addresses).toEqual([{ id: expect.any(String), label: 'Home', address: '7 Canal View', city: 'Sialkot', province: 'PB', postalCode: '54000', isDefault: true }]);
});
