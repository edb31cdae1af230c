/**
 * Buy again against the real API: from an order's status page (and the order history's link to
 * it), the order's lines go back into the cart at today's prices, capped by the stock beyond what
 * the cart holds and by the line cap, and what could not be added is said line by line.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { newEmail } from './accounts.ts';
import { productFor } from './checkout.ts';
import { alterLive, lineOf, seedStorage, storedList } from './shopper.ts';
import { capMessage } from '#lib/line-cap.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test('buy again puts the lines back at today\'s prices and says what could not be added @widths', async ({ page, catalog, request }) => {
  const [gone, soldOut, capped, plain] = await Promise.all([9, 10, 11, 12].map((slot) => productFor(catalog, slot)));
  const sale = (p: typeof gone) => p.price - p.discount;
  const lines = [
    { productId: gone._id, quantity: 1, price: sale(gone) },
    { productId: soldOut._id, quantity: 2, price: sale(soldOut) },
    { productId: capped._id, quantity: 5, price: sale(capped) },
    { productId: plain._id, quantity: 2, price: sale(plain) },
  ];
  const reply = await request.post('/api/order/place', {
    data: {
      items: lines,
      totalAmount: lines.reduce((s, l) => s + l.price * l.quantity, 0),
      paymentMethod: 'COD',
      shippingAddress: { address: '7 Canal View', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
      contactNumber: '03004445555',
      guestInfo: { name: 'Zainab Qureshi', email: newEmail('again') },
    },
  });
  expect(reply.status()).toBe(201);
  const order = ((await reply.json()) as { order: { _id: string } }).order;

  // The cart already holds 18 of one product; since the order, one product left the catalogue,
  // another sold out, and a third's price went up.
  await seedStorage(page, { guestCart: [lineOf(capped, 18)] });
  await alterLive(page, (f) => (f._id === gone._id ? undefined : f._id === soldOut._id ? { ...f, stock: 0 } : f._id === plain._id ? { ...f, price: f.price + 50 } : f));

  await page.goto(`/order/order-status/${order._id}/#buy-again`);
  const section = page.getByRole('region', { name: 'Buy again' });
  await section.getByRole('button', { name: 'Add these items to my cart' }).click();
  await expect(section.getByRole('status')).toContainText("Added 2 items to your cart at today's prices; not everything could be added.");
  await expect(section.getByTestId('buy-again-notes').getByRole('listitem')).toHaveText([
    `${gone.name} is no longer sold.`,
    `${soldOut.name} is out of stock.`,
    `${capped.name}: 2 of 5 added. ${capMessage()}`,
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/shopper-buy-again-${test.info().project.name}.png`, fullPage: true });

  const cart = (await storedList(page, 'guestCart')) as { productId: string; quantity: number; price: number }[];
  expect(cart.map((l) => [l.productId, l.quantity])).toEqual([[capped._id, 20], [plain._id, 2]]);
  expect(cart.find((l) => l.productId === plain._id)?.price).toBe(sale(plain) + 50);

  await section.getByRole('link', { name: 'Go to your cart' }).click();
  await page.waitForURL('/cart/');
  await expect(page.getByText(plain.name).first()).toBeVisible();
});
