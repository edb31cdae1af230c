/**
 * `npm run orders` as the operator runs it: scripts/orders.ts as a child process, against an
 * embedded data directory, against PostgreSQL (when TEST_DATABASE_URL is set), and through a
 * running store's operator channel while the store holds the embedded database.
 */
import { execFile } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceOrderSchema } from '#lib/schemas/orders.ts';
import { ROOT } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { startServer } from '#server/main.ts';
import { channelPath, OPERATOR_KEY_HEADER, readChannel } from '#server/operator-channel.ts';
import { products } from '#server/db/schema.ts';
import { orderByNumber } from '#server/orders/reads.ts';
import { placeOrder } from '#server/orders/place-order.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [join(ROOT, 'scripts/orders.ts'), ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } }, (error, out, err) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/**
 * Seeds the fixture catalogue and places two orders (milk, then a minute later eggs), each body
 * through the shop's schema as a placement is (which stores the phone in one form); their numbers.
 */
async function prepare(options: { url?: string; dataDir?: string }): Promise<[string, string]> {
  const handle = await openDatabase(options);
  try {
    await seedIfEmpty(handle.db, fixtureCatalogue);
    const at = (m: number) => new Date(Date.UTC(2026, 2, 1, 9, m));
    const body = (items: { productId: string; quantity: number; price: number }[], extra = {}) => PlaceOrderSchema.parse(orderBody(items, extra));
    const first = await placeOrder(handle.db, { body: body([{ productId: 'milk-1l', quantity: 2, price: 280 }]), now: at(0) });
    const second = await placeOrder(handle.db, {
      body: body([{ productId: 'eggs-12', quantity: 1, price: 400 }], { contactNumber: '0321 7654321', guestInfo: { name: 'Bilal Ahmed', email: 'bilal@example.pk' } }),
      now: at(1),
    });
    return [first.order.orderNumber, second.order.orderNumber];
  } finally {
    await handle.close();
  }
}

describe('npm run orders on an embedded data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-orders-cli-'));
  const dataDir = join(dir, 'pglite');
  const env = { KIRYANA_DATA_DIR: dataDir };
  let numbers: [string, string];
  beforeAll(async () => void (numbers = await prepare({ dataDir })));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists orders newest first, filtered by status and limited', async () => {
    const list = await run(['list'], env);
    expect(list.code).toBe(0);
    const lines = list.out.trim().split('\n');
    // Pakistan time, as the shopper's order page shows it (09:01 UTC is 14:01 PKT), and said so.
    expect(lines[0]).toBe('Times are Pakistan time (PKT, UTC+5).');
    expect(lines[1]).toMatch(/^NUMBER\s+PLACED \(PKT\)\s+STATUS\s+TOTAL\s+ITEMS\s+CUSTOMER$/);
    expect(lines[2]).toMatch(new RegExp(`^${numbers[1]}\\s+2026-03-01 14:01 PKT\\s+Pending\\s+Rs\\. 360\\s+1\\s+Bilal Ahmed <bilal@example.pk> \\(guest\\) \\+923217654321$`));
    expect(lines[3]).toContain(numbers[0]);
    expect((await run(['list', '--limit', '1'], env)).out).not.toContain(numbers[0]);
    expect((await run(['list', '--status', 'shipped'], env)).out.trim()).toBe('No orders.');
  });

  it('shows one order whole, and moves it along; a refused move and an unknown number exit 1', async () => {
    const show = await run(['show', numbers[0].toLowerCase().replace(/-/g, '')], env);
    expect(show.code).toBe(0);
    for (const text of [`Order ${numbers[0]}`, 'Status:    Pending', '2 ×  Olpers Milk 1L  (milk-1l)  at Rs. 280  = Rs. 560', 'House 12, Street 4, F-7/2, Islamabad, ICT 44000, Pakistan', 'Phone:     +923001234567', 'Total:     Rs. 504', 'Times are Pakistan time (PKT, UTC+5).', '2026-03-01 14:00 PKT  Pending']) {
      expect(show.out).toContain(text);
    }
    const moved = await run(['advance', numbers[0], 'Shipped'], env);
    expect(moved).toMatchObject({ code: 0, out: `Order ${numbers[0]} is now Shipped (was Pending).\n` });
    const back = await run(['advance', numbers[0], 'pending'], env);
    expect(back).toMatchObject({ code: 1, err: `Cannot move order ${numbers[0]} from Shipped to Pending. Allowed: Delivered, Cancelled.\n` });
    expect(await run(['show', 'KR-0000-0000'], env)).toMatchObject({ code: 1, err: 'No order KR-0000-0000 was found.\n' });
  });

  it('finds orders by phone however it is typed, and by a part of the name in any case', async () => {
    const byPhone = await run(['find', '0321-765 4321'], env);
    expect(byPhone.code).toBe(0);
    expect(byPhone.out).toContain('Times are Pakistan time (PKT, UTC+5).');
    expect(byPhone.out).toContain(numbers[1]);
    expect(byPhone.out).not.toContain(numbers[0]);
    const byName = await run(['find', 'ayesha', 'KHAN'], env);
    expect(byName.out).toContain(numbers[0]);
    expect(byName.out).not.toContain(numbers[1]);
    expect((await run(['find', '+92 300 1234567'], env)).out).toContain(numbers[0]);
    expect((await run(['find', 'Zainab'], env)).out.trim()).toBe('No orders.');
    expect(await run(['find', 'a'], env)).toMatchObject({ code: 1, err: "Type a phone number, or at least 2 letters of the customer's name.\n" });
  });

  it('cancels an order as the shop does; a delivered one is refused in words', async () => {
    const handle = await openDatabase({ dataDir });
    const stockOf = async () => (await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, 'eggs-12')))[0].stock;
    const before = await stockOf();
    await handle.close();
    expect(await run(['cancel', numbers[1]], env)).toMatchObject({ code: 0, out: `Order ${numbers[1]} is now Cancelled (was Pending); its items are back in stock.\n` });
    const after = await openDatabase({ dataDir });
    expect((await after.db.select({ stock: products.stock }).from(products).where(eq(products.id, 'eggs-12')))[0].stock).toBe(before + 1);
    await after.close();
    expect(await run(['cancel', numbers[1]], env)).toMatchObject({ code: 1, err: `Order ${numbers[1]} cannot be cancelled: it was already cancelled.\n` });
    await run(['advance', numbers[0], 'Delivered'], env);
    expect(await run(['cancel', numbers[0]], env)).toMatchObject({ code: 1, err: `Order ${numbers[0]} cannot be cancelled: it was already delivered.\n` });
  });

  it.each([[[]], [['ship']], [['cancel']], [['find']], [['advance', 'KR-0000-0000', 'Lost']], [['list', '--limit', '0']], [['show']], [['list', '--bogus']]])('usage error %j exits 2 with the help', async (args) => {
    const result = await run(args, env);
    expect(result.code).toBe(2);
    expect(result.err).toContain('Usage: npm run orders');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run orders on PostgreSQL', () => {
  let created: { url: string; drop(): Promise<void> };
  let numbers: [string, string];
  beforeAll(async () => {
    created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    numbers = await prepare({ url: created.url });
  });
  afterAll(async () => created?.drop());

  it('lists and delivers an order through DATABASE_URL: paid and delivered', async () => {
    const list = await run(['list'], { DATABASE_URL: created.url });
    expect(list.code).toBe(0);
    expect(list.out).toContain(numbers[0]);
    expect(await run(['advance', numbers[1], 'Delivered'], { DATABASE_URL: created.url })).toMatchObject({ code: 0, out: `Order ${numbers[1]} is now Delivered (was Pending).\n` });
    const handle = await openDatabase({ url: created.url });
    const record = await orderByNumber(handle.db, numbers[1]);
    await handle.close();
    expect(record?.row).toMatchObject({ status: 'Delivered', isPaid: true, isDelivered: true });
  });
});

describe('npm run orders while the store holds the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-orders-channel-'));
  const dataDir = join(dir, 'pglite');
  let numbers: [string, string];
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    numbers = await prepare({ dataDir });
    server = await startServer({ port: 0, dataDir, distDir: join(dir, 'dist'), operatorChannel: true });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes a channel only its user can read, and answers only with its key', async () => {
    expect(statSync(channelPath(server.database.location)).mode & 0o777).toBe(0o600);
    const channel = readChannel(server.database.location)!;
    expect(channel.url).toBe(`http://127.0.0.1:${server.port}`);
    expect((await fetch(`${server.url}/api/operator/orders`)).status).toBe(403);
    expect((await fetch(`${server.url}/api/operator/orders`, { headers: { [OPERATOR_KEY_HEADER]: 'x'.repeat(43) } })).status).toBe(403);
    const ok = await fetch(`${server.url}/api/operator/orders`, { headers: { [OPERATOR_KEY_HEADER]: channel.key } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { orders: unknown[] }).orders).toHaveLength(2);
  });

  it('lists, shows and advances through the running store', async () => {
    const env = { KIRYANA_DATA_DIR: dataDir };
    expect((await run(['list'], env)).out).toContain(numbers[0]);
    expect((await run(['show', numbers[1]], env)).out).toContain('Farm Eggs 12');
    expect((await run(['find', 'BILAL'], env)).out).toContain(numbers[1]);
    expect((await run(['find', '03217654321'], env)).out).toContain(numbers[1]);
    expect(await run(['find', 'x'], env)).toMatchObject({ code: 1, err: "Type a phone number, or at least 2 letters of the customer's name.\n" });
    expect(await run(['cancel', numbers[1]], env)).toMatchObject({ code: 0, out: `Order ${numbers[1]} is now Cancelled (was Pending); its items are back in stock.\n` });
    expect(await run(['cancel', numbers[1]], env)).toMatchObject({ code: 1, err: `Order ${numbers[1]} cannot be cancelled: it was already cancelled.\n` });
    expect(await run(['advance', numbers[1], 'Shipped'], env)).toMatchObject({ code: 1, err: `Cannot move order ${numbers[1]} from Cancelled to Shipped. Allowed: none (Cancelled is final).\n` });
    const tracked = await fetch(`${server.url}/api/order/order-status/${numbers[1]}`);
    expect(((await tracked.json()) as { order: { status: string } }).order.status).toBe('Cancelled');
  });

  it('removes the channel when the store stops; then the command opens the directory itself', async () => {
    const path = channelPath(server.database.location);
    await server.close();
    expect(existsSync(path)).toBe(false);
    expect((await run(['show', numbers[0]], { KIRYANA_DATA_DIR: dataDir })).code).toBe(0);
  });
});
