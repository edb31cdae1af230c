/**
 * The order desk's API (/api/staff/orders): the list, counts and pulse; one order as the desk shows
 * it; advance (several at once, each refused one reported), cancel with a reason (stock back), cash
 * collected, notes; each change with its audit row in the same transaction (a failing audit insert
 * leaves the order as it was); the shopper mailed on Shipped, Delivered and Cancelled, never on
 * Processing; the operator's command through the same code; hostile input refused or kept as text.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatRs } from '#lib/money.ts';
import { DeskOrderDetailSchema, DeskOrdersPageSchema } from '#lib/schemas/desk.ts';
import { createDesk, OPERATOR_WHO, pulseStatement } from '#server/desk/service.ts';
import { orderTimeline } from '#server/orders/events.ts';
import { databaseOperations } from '#server/orders/operations.ts';
import { TEST_SITE_URL } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall, stockOf, type Line } from '#server/test/orders.ts';
import { useStaffApi, type SignedInMember } from '#server/test/staff.ts';

const eggs = (quantity: number): Line => ({ productId: 'eggs-12', quantity, price: 400 });
const milk = (quantity: number): Line => ({ productId: 'milk-1l', quantity, price: 280 });
const ORDERS = '/api/staff/orders';

describe.each(testDatabases)('the order desk API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useStaffApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  /** A guest order of `lines` whose mails go to an address of its own. */
  const place = async (lines: Line[] = [eggs(1)], extra: Record<string, unknown> = {}) => {
    const email = api().email('buyer');
    const reply = await placeOrderCall(api().accounts, orderBody(lines, { guestInfo: { name: 'Ayesha Khan', email }, ...extra }));
    expect(reply.status).toBe(201);
    return { number: reply.body.order.orderNumber as string, id: reply.body.order._id as string, total: reply.body.order.totalAmount as number, email };
  };
  /** Calls as `member`, each reply held to the OpenAPI document (status and shape). */
  const as = (member: SignedInMember) => {
    const checked = (method: string, path: string, body?: unknown) => api().checked(member, method, `${ORDERS}${path}`, body);
    return { get: (path: string) => checked('GET', path), post: (path: string, body?: unknown) => checked('POST', path, body) };
  };
  const auditOf = (number: string) => rows(sql`select staff_id, action, record_kind, before, after, client_address from audit_log where record_kind = 'order' and record_id = ${number} order by id`);
  const mailsTo = async (email: string) => {
    await api().accounts.app.settled();
    return api().accounts.smtp.mails.filter((m) => m.to.includes(email)).map((m) => m.subject);
  };

  it('lists, counts, finds and shows an order; the pulse moves when an order is placed', async () => {
    const packer = await api().member('packer');
    const desk = as(packer);
    const before = (await desk.get('/pulse')).body.data.mark;
    expect((await desk.get('/pulse')).body.data.mark).toBe(before);
    const shopper = await api().accounts.signUp();
    const reply = await placeOrderCall(api().accounts, orderBody([eggs(2), milk(1)], { guestInfo: { name: 'Ayesha Khan', email: shopper.email } }), { token: shopper.token });
    const number = reply.body.order.orderNumber as string;
    const pulse = await desk.get('/pulse');
    expect(pulse.headers.get('cache-control')).toBe('no-store');
    expect(pulse.body.data.mark).not.toBe(before);
    // Cheap: one backward step on the timeline's index, whatever the number of orders.
    const plan = ((await database().db.execute(sql`explain ${sql.raw(pulseStatement(database().db).toSQL().sql)}`)) as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toMatch(/Index Only Scan Backward using order_events_seq_idx/);

    const list = await desk.get(`?find=${encodeURIComponent(number.toLowerCase())}`);
    expect(list.status).toBe(200);
    expect(DeskOrdersPageSchema.parse(list.body.data)).toBeTruthy();
    expect(list.body.data).toMatchObject({ nextCursor: null, total: { count: 1, capped: false } });
    expect(list.body.data.orders[0]).toMatchObject({ orderNumber: number, status: 'Pending', name: 'Ayesha Khan', email: shopper.email, phone: '+923001234567', city: 'Islamabad', isPaid: false, paidAt: null, userId: shopper.userId });
    expect((await desk.get('')).body.data.orders[0].orderNumber).toBe(number); // newest first

    const counts = await desk.get('/counts');
    expect(Object.keys(counts.body.data)).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    expect(counts.body.data.Pending.count).toBeGreaterThanOrEqual(1);

    const shown = await desk.get(`/${number.toLowerCase().replace(/-/g, ' ')}`);
    expect(shown.status).toBe(200);
    const detail = DeskOrderDetailSchema.parse(shown.body.data);
    expect(detail).toMatchObject({
      orderNumber: number,
      status: 'Pending',
      nextStatuses: ['Processing', 'Shipped', 'Delivered'],
      canCancel: true,
      isPaid: false,
      isDelivered: false,
      paymentMethod: 'COD',
      subtotal: 2 * 400 + 280,
      customer: { name: 'Ayesha Khan', email: shopper.email, phone: '+923001234567', whatsapp: '923001234567', account: { id: shopper.userId, name: 'Ayesha Khan', email: shopper.email } },
      shippingAddress: { city: 'Islamabad', province: 'ICT' },
    });
    expect(detail.items.map((l) => [l.productId, l.quantity, l.productUrl])).toEqual([
      ['eggs-12', 2, '/product/eggs-12/'],
      ['milk-1l', 1, '/product/milk-1l/'],
    ]);
    expect(detail.timeline).toEqual([expect.objectContaining({ action: 'placed', actor: { kind: 'shopper', id: shopper.userId, label: null }, to: 'Pending' })]);
  });

  it('refuses bad questions with field messages, and unknown numbers with a 404', async () => {
    const desk = as(await api().member('packer'));
    const cases: [string, string][] = [
      ['?status=Lost', 'status'],
      ['?from=2026-02-30', 'from'],
      ['?from=2026-03-02&to=2026-03-01', 'to'],
      ['?find=ab', 'find'],
      ['?after=nonsense', 'after'],
      ['/counts?to=yesterday', 'to'],
    ];
    for (const [query, field] of cases) {
      const reply = await desk.get(query);
      expect(reply.status, query).toBe(400);
      expect(Object.keys(reply.body.errors), query).toEqual([field]);
    }
    expect((await desk.get('?colour=red')).status).toBe(400);
    const long = await desk.get(`?find=${'a'.repeat(1000)}`);
    expect(long.body).toMatchObject({ message: 'Search at most 100 characters.', errors: { find: 'Search at most 100 characters.' } });
    for (const unknown of ['/KR-0000-0000', '/not-a-number', '/%3Cscript%3E']) {
      const reply = await desk.get(unknown);
      expect(reply.status, unknown).toBe(404);
      expect(reply.body.success).toBe(false);
    }
    expect((await desk.post('/KR-0000-0000/cash')).status).toBe(404);
    expect((await desk.post('/KR-0000-0000/notes', { text: 'hello' })).status).toBe(404);
  });

  it('advances several orders at once, each in its own transaction with its audit row; a refused one does not stop the others', async () => {
    const packer = await api().member('packer');
    const desk = as(packer);
    const [a, b, c] = [await place(), await place(), await place()];
    await desk.post('/advance', { numbers: [c.number], to: 'Delivered' });
    const reply = await desk.post('/advance', { numbers: [a.number, c.number, 'KR-0000-0000', b.number.toLowerCase()], to: 'Processing' });
    expect(reply.status).toBe(200);
    expect(reply.body.data.moved).toEqual([
      { orderNumber: a.number, from: 'Pending', to: 'Processing' },
      { orderNumber: b.number, from: 'Pending', to: 'Processing' },
    ]);
    expect(reply.body.data.refused).toEqual([
      { orderNumber: c.number, message: `Cannot move order ${c.number} from Delivered to Processing. Allowed: none (Delivered is final).` },
      { orderNumber: 'KR-0000-0000', message: 'No order KR-0000-0000 was found.' },
    ]);
    expect(await auditOf(a.number)).toEqual([
      { staff_id: packer.id, action: 'order.advance', record_kind: 'order', before: { status: 'Pending', isPaid: false }, after: { status: 'Processing', isPaid: false }, client_address: '10.200.0.1' },
    ]);
    const timeline = await orderTimeline(database().db, a.id);
    expect(timeline.at(-1)).toMatchObject({ action: 'status_changed', actor: { kind: 'staff', id: packer.id, label: 'A packer' }, from: 'Pending', to: 'Processing' });
    // Delivered marks the cash paid, as the lifecycle does.
    expect((await auditOf(c.number))[0]).toMatchObject({ after: { status: 'Delivered', isPaid: true } });
  });

  it('mails the shopper when an order is Shipped, Delivered or Cancelled, never when it is Processing', async () => {
    const manager = await api().member('manager');
    const desk = as(manager);
    const order = await place();
    await desk.post('/advance', { numbers: [order.number], to: 'Processing' });
    expect(await mailsTo(order.email)).toEqual([`Your Kiryana order ${order.number}`]);

    await desk.post('/advance', { numbers: [order.number], to: 'Shipped' });
    const shipped = await api().accounts.nextMail(order.email, `Your Kiryana order ${order.number} is on its way`);
    const link = `${TEST_SITE_URL}/order/order-status/${order.id}/`;
    expect(shipped.text).toContain(link);
    expect(shipped.text).toContain(`Please have ${formatRs(order.total)} ready`);
    expect(shipped.html).toContain(link);
    await desk.post('/advance', { numbers: [order.number], to: 'Delivered' });
    expect((await api().accounts.nextMail(order.email, `Your Kiryana order ${order.number} was delivered`)).text).toContain(link);

    const other = await place();
    expect((await desk.post(`/${other.number}/cancel`, { reason: 'Out of eggs' })).status).toBe(200);
    expect((await api().accounts.nextMail(other.email, `Your Kiryana order ${other.number} was cancelled`)).text).toContain('has been cancelled');
  });

  it('cancels with a reason kept as text: stock back, a 409 once delivered or cancelled, 400 without a reason', async () => {
    const manager = await api().member('manager');
    const desk = as(manager);
    const before = await stockOf(api().accounts, 'eggs-12');
    const order = await place([eggs(3)]);
    expect(await stockOf(api().accounts, 'eggs-12')).toBe(before - 3);

    const hostile = '<script>alert(1)</script> & "no eggs"\nsecond line';
    const reply = await desk.post(`/${order.number}/cancel`, { reason: `  ${hostile}  ` });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(`Order ${order.number} is cancelled; its items are back in stock.`);
    expect(reply.body.data).toMatchObject({ status: 'Cancelled', nextStatuses: [], canCancel: false });
    expect(reply.body.data.timeline.at(-1)).toMatchObject({ action: 'cancelled', from: 'Pending', to: 'Cancelled', note: hostile, actor: { kind: 'staff', id: manager.id } });
    expect(await stockOf(api().accounts, 'eggs-12')).toBe(before);
    expect(await auditOf(order.number)).toEqual([expect.objectContaining({ action: 'order.cancel', before: { status: 'Pending', isPaid: false }, after: { status: 'Cancelled', isPaid: false, reason: hostile } })]);

    const again = await desk.post(`/${order.number}/cancel`, { reason: 'again' });
    expect(again).toMatchObject({ status: 409, body: { success: false, message: `Order ${order.number} cannot be cancelled: it was already cancelled.` } });
    expect(await stockOf(api().accounts, 'eggs-12')).toBe(before);
    const delivered = await place();
    await desk.post('/advance', { numbers: [delivered.number], to: 'Delivered' });
    expect((await desk.post(`/${delivered.number}/cancel`, { reason: 'late' })).status).toBe(409);

    const pending = await place();
    for (const [body, field] of [[{}, 'reason'], [{ reason: '   ' }, 'reason'], [{ reason: 'x'.repeat(501) }, 'reason'], [{ reason: 'bell\u0007' }, 'reason'], [{ reason: 'ok', extra: 1 }, 'extra']] as const) {
      const refused = await desk.post(`/${pending.number}/cancel`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.errors)).toContain(field);
    }
    expect((await desk.post(`/${pending.number}/cancel`, { reason: 'x' })).status).toBe(200);
    // A packer may not cancel.
    const packer = await api().member('packer');
    expect((await as(packer).post(`/${(await place()).number}/cancel`, { reason: 'no' })).status).toBe(403);
  });

  it('marks cash collected once, at the clock’s time, with a timeline row and an audit row; never a cancelled order', async () => {
    const packer = await api().member('packer');
    const desk = as(packer);
    const order = await place();
    await desk.post('/advance', { numbers: [order.number], to: 'Shipped' });
    const now = api().accounts.clock.now().toISOString();
    const reply = await desk.post(`/${order.number}/cash`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: `Cash collected for order ${order.number}.`, data: { isPaid: true, paidAt: now, status: 'Shipped' } });
    expect(reply.body.data.timeline.at(-1)).toMatchObject({ action: 'cash_collected', actor: { kind: 'staff', id: packer.id }, from: null, to: null });
    expect((await auditOf(order.number)).at(-1)).toEqual({
      staff_id: packer.id,
      action: 'order.cash',
      record_kind: 'order',
      before: { status: 'Shipped', isPaid: false, paidAt: null },
      after: { status: 'Shipped', isPaid: true, paidAt: now },
      client_address: '10.200.0.1',
    });
    expect(await desk.post(`/${order.number}/cash`)).toMatchObject({ status: 409, body: { message: `Order ${order.number} is marked paid already.` } });

    const cancelled = await place();
    await api().call('POST', `${ORDERS}/${cancelled.number}/cancel`, { reason: 'asked' }, { cookie: (await api().member('manager')).cookie });
    expect(await desk.post(`/${cancelled.number}/cash`)).toMatchObject({ status: 409, body: { message: `Order ${cancelled.number} is cancelled: there is no cash to collect.` } });
    expect((await desk.get(`/${cancelled.number}`)).body.data.isPaid).toBe(false);
  });

  it('adds notes as text (script stays text), refuses empty, long or control-character notes', async () => {
    const packer = await api().member('packer');
    const desk = as(packer);
    const order = await place();
    const note = 'Call before delivery <img src=x onerror=alert(1)>\n2nd floor';
    const reply = await desk.post(`/${order.number}/notes`, { text: note });
    expect(reply.status).toBe(200);
    expect(reply.body.data.timeline.at(-1)).toMatchObject({ action: 'note', note, actor: { kind: 'staff', label: 'A packer' } });
    expect(reply.body.data.status).toBe('Pending');
    expect((await auditOf(order.number)).at(-1)).toMatchObject({ action: 'order.note', staff_id: packer.id, after: { note } });
    for (const text of ['', ' ', 'x'.repeat(501), 'nul\u0000', 'esc\u001b[31m']) {
      const refused = await desk.post(`/${order.number}/notes`, { text });
      expect(refused.status, JSON.stringify(text)).toBe(400);
      expect(refused.body.errors).toHaveProperty('text');
    }
    expect((await desk.post(`/${order.number}/notes`, { text: 'x'.repeat(500) })).status).toBe(200);
  });

  it('refuses hostile bodies: too many numbers, wrong shapes, huge bodies, another origin', async () => {
    const packer = await api().member('packer');
    const desk = as(packer);
    const order = await place();
    const numbers = Array.from({ length: 51 }, () => order.number);
    for (const body of [{ numbers, to: 'Shipped' }, { numbers: [], to: 'Shipped' }, { numbers: [order.number], to: 'Cancelled' }, { numbers: order.number, to: 'Shipped' }, { numbers: [42], to: 'Shipped' }, { numbers: ['x'.repeat(41)], to: 'Shipped' }, 'not json']) {
      const reply = await desk.post('/advance', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.success).toBe(false);
    }
    expect((await desk.post('/advance', { numbers: ['KR-0000-0000'], to: 'Shipped', padding: 'x'.repeat(20_000) })).status).toBe(413);
    const crossOrigin = await api().call('POST', `${ORDERS}/advance`, { numbers: [order.number], to: 'Shipped' }, { cookie: packer.cookie, origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect((await desk.get(`/${order.number}`)).body.data.status).toBe('Pending');
    expect(await auditOf(order.number)).toEqual([]);
  });

  it('keeps a change and its audit row together: when the audit row cannot be written, nothing of the change stands', async () => {
    const desk = createDesk({ db: database().db, clock: api().accounts.clock, mailer: api().accounts.mailer, siteUrl: TEST_SITE_URL, logError: () => {} });
    // A member the staff table does not hold: the audit row's insert fails (its foreign key).
    const ghost = { staffId: '00000000-0000-4000-8000-000000000000', clientAddress: '10.0.0.9', actor: { kind: 'staff', id: '00000000-0000-4000-8000-000000000000', label: 'Ghost' } } as const;
    const before = await stockOf(api().accounts, 'eggs-12');
    const order = await place([eggs(2)]);
    await expect(desk.move(order.number, 'Shipped', ghost)).rejects.toThrow();
    await expect(desk.cancel(order.number, 'no', ghost)).rejects.toThrow();
    await expect(desk.collectCash(order.number, ghost)).rejects.toThrow();
    await expect(desk.addNote(order.number, 'hello', ghost)).rejects.toThrow();
    const shown = await desk.detail(order.number);
    expect(shown).toMatchObject({ status: 'Pending', isPaid: false });
    expect(shown.timeline.map((e) => e.action)).toEqual(['placed']);
    expect(await stockOf(api().accounts, 'eggs-12')).toBe(before - 2);
    expect(await auditOf(order.number)).toEqual([]);
    expect(await mailsTo(order.email)).toEqual([`Your Kiryana order ${order.number}`]);
  });

  it('never fails a move for its mail: a mailer that throws is logged, the order is Shipped', async () => {
    const logged: unknown[] = [];
    const broken = { ...api().accounts.mailer, deliver: () => { throw new Error('mail queue full'); } };
    const desk = createDesk({ db: database().db, clock: api().accounts.clock, mailer: broken, siteUrl: TEST_SITE_URL, logError: (err) => logged.push(err) });
    const order = await place();
    const who = { staffId: (await api().member('packer')).id, clientAddress: '10.0.0.1', actor: { kind: 'operator' } } as const;
    expect((await desk.move(order.number, 'Shipped', who)).status).toBe('Shipped');
    expect(logged).toEqual([new Error('mail queue full')]);
    expect((await auditOf(order.number)).map((r) => r.action)).toEqual(['order.advance']);
  });

  it("moves orders for the operator's command through the same code: the operator on the timeline, no author and 'command line' in the audit trail, the shopper mailed", async () => {
    const desk = createDesk({ db: database().db, clock: api().accounts.clock, mailer: api().accounts.mailer, siteUrl: TEST_SITE_URL });
    const ops = databaseOperations(database().db, desk);
    const order = await place();
    // The app's pulse moves for a change another process made (here, straight on the database).
    const watcher = as(await api().member('packer'));
    const mark = (await watcher.get('/pulse')).body.data.mark;
    await ops.advance(order.number, 'Shipped');
    expect((await watcher.get('/pulse')).body.data.mark).not.toBe(mark);
    await api().accounts.nextMail(order.email, `Your Kiryana order ${order.number} is on its way`);
    const before = await stockOf(api().accounts, 'eggs-12');
    await ops.cancel(order.number);
    await api().accounts.nextMail(order.email, `Your Kiryana order ${order.number} was cancelled`);
    expect(await stockOf(api().accounts, 'eggs-12')).toBe(before + 1);
    expect((await auditOf(order.number)).map((r) => [r.staff_id, r.action, r.client_address])).toEqual([
      [null, 'order.advance', 'command line'],
      [null, 'order.cancel', 'command line'],
    ]);
    expect((await orderTimeline(database().db, order.id)).slice(1).map((e) => [e.action, e.actor.kind])).toEqual([
      ['status_changed', 'operator'],
      ['cancelled', 'operator'],
    ]);
    expect(OPERATOR_WHO.clientAddress).toBe('command line');
  });
});
