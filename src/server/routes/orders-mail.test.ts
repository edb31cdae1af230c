/**
 * The order confirmation goes out after the placement committed, through the real test SMTP server:
 * number, every line, the totals, Cash on delivery, the address and phone, and the tracking link,
 * in the text and in the HTML. A mail server that cannot be reached never fails the order, and an
 * Idempotency-Key replay sends no second mail.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { TEST_SITE_URL, testClock, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, orderCount, placeOrderCall } from '#server/test/orders.ts';

describe.each(testDatabases)('order confirmation mail on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);

  it('tells the shopper what was ordered, what it costs, where it goes and how to track it', async () => {
    const to = api().email('buyer');
    const body = orderBody(
      [
        { productId: 'milk-1l', quantity: 2, price: 280 },
        { productId: 'tapal-danedar-950g', quantity: 1, price: 1500 },
      ],
      { guestInfo: { name: 'Ayesha <Khan>', email: to } },
    );
    const reply = await placeOrderCall(api(), body);
    expect(reply.status).toBe(201);
    const { order } = reply.body;
    const mail = await api().nextMail(to, `Your Kiryana order ${order.orderNumber}`);
    const link = `${TEST_SITE_URL}/order/order-status/${order._id}/`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain('Olpers Milk 1L');
      expect(part).toContain('Tapal Danedar 950g');
      expect(part).toContain('Rs. 560'); // milk: 2 × Rs. 280
      expect(part).toContain('Rs. 2,060'); // subtotal
      expect(part).toContain('Rs. 206'); // You Save
      expect(part).toContain('Rs. 1,854'); // total
      expect(part).toContain('You Save');
      expect(part).toContain('Free');
      expect(part).toContain('Cash on delivery');
      expect(part).toContain('House 12, Street 4, F-7/2');
      expect(part).toContain('Islamabad');
      expect(part).toContain('+923001234567'); // sent as 0300-1234567, stored in one form
      expect(part).toContain('2-3 business days'); // the one delivery promise
      expect(part).toContain(link);
    }
    expect(mail.text).toContain('Olpers Milk 1L × 2 at Rs. 280 = Rs. 560');
    expect(mail.html).toContain('Ayesha &lt;Khan&gt;');
    expect(mail.html).not.toContain('<Khan>');
  });

  it('an Idempotency-Key replay sends no second mail', async () => {
    const to = api().email('replay');
    const body = orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }], { guestInfo: { name: 'Sana', email: to } });
    const first = await placeOrderCall(api(), body, { key: 'mail-once' });
    const again = await placeOrderCall(api(), body, { key: 'mail-once' });
    expect([first.status, again.status]).toEqual([201, 200]);
    await api().app.settled();
    expect(api().smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('with the mail server unreachable the order is still placed (201), once, and the failure logged', async () => {
    const failures: string[] = [];
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Kiryana <no-reply@kiryana.pk>', attempts: 2, backoffMs: 10, logError: (l) => failures.push(l) });
    const app = createApp({ db: database().db, kind: database().kind, clock: testClock(), mailer, siteUrl: TEST_SITE_URL, logError: () => {} });
    const before = await orderCount(database().db);
    const res = await app.request('/api/order/place', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }])),
    });
    expect(res.status).toBe(201);
    await app.settled();
    mailer.close();
    expect(await orderCount(database().db)).toBe(before + 1);
    expect(failures).toHaveLength(2);
    expect(failures[1]).toMatch(/Your Kiryana order KR-.*giving up/);
  });
});
