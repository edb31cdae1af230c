/**
 * The order desk's API against the real store: a packer (invited as `npm run staff -- add` does,
 * then signed in) moves a guest's order to Processing and Shipped through /api/staff/orders; the
 * shopper's status page says Shipped at once, and the Shipped mail arrives at the SMTP server with
 * the link to that page. A note with script in it comes back as text.
 */
import { request as playwrightRequest } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { newEmail, PASSWORD } from './accounts.ts';
import { placeGuestOrder, productFor } from './checkout.ts';
import { inviteStaff } from './operator.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test('a packer ships an order through the desk API: the status page and the mail follow', async ({ page, catalog, request, mailbox, baseURL }) => {
  const email = newEmail('packer');
  await inviteStaff(request, email, 'packer');
  const invitation = await mailbox.waitFor(email, { subject: /invited to run Kiryana/ });
  const token = /\/staff\/accept\/#([A-Za-z0-9_-]{43})/.exec(invitation.text)![1];
  const origin = new URL(baseURL!).origin;
  const packer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
  try {
    expect((await packer.post('/api/staff/invites/accept', { data: { token, name: 'Imran Packer', password: PASSWORD } })).status()).toBe(201);
    expect((await packer.post('/api/staff/sign-in', { data: { email, password: PASSWORD } })).status()).toBe(200);

    const order = await placeGuestOrder(request, await productFor(catalog, 25));
    const statusPage = `/order/order-status/${order._id}/`;
    await page.goto(statusPage);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Pending');

    for (const to of ['Processing', 'Shipped']) {
      const moved = await packer.post('/api/staff/orders/advance', { data: { numbers: [order.orderNumber.toLowerCase()], to } });
      expect(moved.status()).toBe(200);
      expect((await moved.json()).data.moved).toEqual([expect.objectContaining({ orderNumber: order.orderNumber, to })]);
    }
    await page.reload();
    await expect(page.getByTestId('order-status-badge')).toHaveText('Shipped');
    await page.screenshot({ path: `/tmp/desk-api-shipped-${test.info().project.name}.png`, fullPage: true });

    const detail = await (await packer.get(`/api/staff/orders/${order.orderNumber}`)).json();
    const mail = await mailbox.waitFor(detail.data.customer.email, { subject: `Your Kiryana order ${order.orderNumber} is on its way` });
    const link = `${origin}${statusPage}`;
    expect(mail.text).toContain(link);
    await page.goto(new URL(link).pathname);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Shipped');

    const note = '<script>window.hacked = 1</script> Leave at the gate';
    const noted = await (await packer.post(`/api/staff/orders/${order.orderNumber}/notes`, { data: { text: note } })).json();
    expect(noted.data.timeline.at(-1)).toMatchObject({ action: 'note', note, actor: { kind: 'staff', label: 'Imran Packer' } });
    expect(detail.data.timeline.map((e: { action: string; to: string | null }) => [e.action, e.to])).toEqual([
      ['placed', 'Pending'],
      ['status_changed', 'Processing'],
      ['status_changed', 'Shipped'],
    ]);
    // Not the packer's to do.
    expect((await packer.post(`/api/staff/orders/${order.orderNumber}/cancel`, { data: { reason: 'no' } })).status()).toBe(403);
  } finally {
    await packer.dispose();
  }
});
