/**
 * The profile and account pages of a signed-in shopper, against the real API: the profile's view
 * and edit modes, the account page's profile, order history, wishlist and password change, and
 * both pages at 320 px with a long e-mail.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { createUser, newEmail, PASSWORD, storeSession } from './accounts.ts';
import { stored } from './shopper.ts';
import { recordCalls } from './requests.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('accounts', () => {
  test('profile: view and edit modes, Cancel restores, Save keeps it on the server and in the browser', async ({ page, request, mailbox }) => {
    const email = newEmail('profile');
    const { token, user } = await createUser(request, mailbox, email);
    await storeSession(page, token);
    // The account as if last changed in September: the page says when, from the account's own date.
    await page.route(/\/api\/users\/me(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, data: { ...body.data, updatedAt: '2026-09-14T10:00:00.000Z' } } });
    });
    await page.goto('/profile/');
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
    await expect(page.getByTestId('profile-updated')).toHaveText('Last updated on 14 Sept 2026');
    expect(await stored(page, 'userJoinDate')).toBe(user.createdAt);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full name').fill('Changed Name');
    await page.getByLabel('Address').fill('Somewhere else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('Ayesha Khan');
    await expect(page.getByLabel('Address')).toHaveValue('');

    // The e-mail is shown but cannot be changed, and does not look like a box to type in.
    const emailBox = page.getByLabel('E-mail');
    await expect(emailBox).toHaveAttribute('readonly', '');
    const look = (el: HTMLElement) => {
      const css = getComputedStyle(el);
      return { background: css.backgroundColor, border: css.borderTopStyle, cursor: css.cursor, color: css.color };
    };
    const [readOnly, editable] = [await emailBox.evaluate(look), await page.getByLabel('Full name').evaluate(look)];
    expect(readOnly.background).not.toBe(editable.background);
    expect(readOnly.color).not.toBe(editable.color);
    expect(readOnly).toMatchObject({ border: 'dashed', cursor: 'default' });
    expect(editable).toMatchObject({ border: 'solid', cursor: 'text' });

    // A phone the orders' rule refuses is said so beside it, in the shopper's words; nothing typed is lost.
    await page.getByLabel('Full name').fill('Ayesha K.');
    await page.getByLabel('Phone').fill('0321 765');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('#phone-error')).toHaveText('Please enter a phone number of 10 to 15 digits, such as 0300 1234567.');
    await expect(page.getByLabel('Full name')).toHaveValue('Ayesha K.');
    await page.getByLabel('Phone').fill('0321 7654321');
    await page.getByLabel('Address').fill('House 5, Street 2, Gulberg, Lahore');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated.' })).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha K.');
    await expect(page.getByTestId('profile-updated')).toHaveText('Last updated today');
    expect(await stored(page, 'userAddress')).toBe('House 5, Street 2, Gulberg, Lahore');
    expect(await stored(page, 'userName')).toBe('Ayesha K.');
    expect(await stored(page, 'userPhone')).toBe('+923217654321');
    const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(me.data).toMatchObject({ name: 'Ayesha K.', phone: '+923217654321', address: 'House 5, Street 2, Gulberg, Lahore' });
  });

  test('account: profile, order history, wishlist and the password change', async ({ page, request, mailbox, catalog }) => {
    const email = newEmail('account');
    const { token } = await createUser(request, mailbox, email);
    await storeSession(page, token);
    const [product] = await catalog.products();
    await page.evaluate(
      (p) =>
        localStorage.setItem(
          'wishlist',
          JSON.stringify([{ _id: p._id, name: p.name, price: p.price, discount: p.discount, image: p.images?.[0] ?? '', stock: p.stock }]),
        ),
      product,
    );
    await page.goto('/account/');
    await expect(page.getByTestId('account-profile')).toContainText(email);
    await expect(page.getByRole('region', { name: 'Order History' })).toContainText('No orders yet');
    const wishlist = page.getByRole('region', { name: /My Wishlist/ });
    await expect(wishlist.getByRole('link', { name: product.name })).toHaveAttribute('href', `/product/${product._id}/`);
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/');

    // Mismatch: the message beside the field and in the alert, and no call.
    const form = page.getByRole('form', { name: 'Change Password' });
    const calls = recordCalls(page);
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('Another1!');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Another2!');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(form.getByLabel('Confirm new password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // No password call (the cart and wishlist sync of a signed-in shopper may read at any time).
    expect(calls.filter((c) => !/^GET \/api\/(cart|wishlist)$/.test(c))).toEqual([]);
    // A wrong current password: the server's message.
    await form.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Another1!');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('The current password is not right.');
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Password changed. Other devices were signed out.' })).toBeVisible();
    // This session stays; the new password signs in.
    expect((await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    expect((await request.post('/api/users/login', { data: { email, password: 'Another1!' } })).ok()).toBe(true);

    // Logout from the account page's bar.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Logout' }).click()]);
    await page.waitForURL('/register/');
    expect(await stored(page, 'token')).toBeNull();
  });

  test('signed in with a long e-mail, the account and profile pages fit a 320 px screen', { tag: '@phone-only' }, async ({ page, request, mailbox }) => {
    const email = newEmail('a-rather-long-address-for-a-narrow-phone-screen');
    const { token } = await createUser(request, mailbox, email, 'Muhammad Abdul Rehman Siddiqui');
    await page.setViewportSize({ width: 320, height: 640 });
    await storeSession(page, token);
    for (const path of ['/account/', '/profile/']) {
      await page.goto(path);
      await expect(page.getByText(email).first()).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
