/**
 * Fills a database with many orders for the order desk's benchmark, in the database itself
 * (generate_series, a batch of orders and their lines a statement): a million orders take minutes,
 * not hours, on PostgreSQL and on PGlite alike.
 *
 * The spread is a shop's: placements over the last two years up to `end` (newer ones a little
 * denser), 1 to 4 lines of the catalogue's products, 200,000 shoppers who come back (each with one
 * name, e-mail and phone), a quarter of them with an account; orders of the last two days Pending or
 * Processing, of the last five Shipped, older ones Delivered and paid, and about one in seventeen
 * Cancelled at any age. Deterministic: the same `count` and `end` give the same orders.
 *
 * Its statements are plain INSERTs, so the database's triggers keep the sales sums for these orders
 * as for any (schema/sales.ts): one sum a batch, not one a row.
 */
import { sql } from 'drizzle-orm';
import { ORDER_NUMBER_ALPHABET } from '#lib/schemas/orders-rules.ts';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';

export interface GenerateOptions {
  /** How many orders (default 1,000,000). */
  count?: number;
  /** The newest placement time (default now). */
  end?: Date;
  /** Orders a statement (default 50,000). */
  batch?: number;
  /** Told after each batch how many orders are in. */
  progress?: (done: number) => void;
}

const SHOPPERS = 200_000;
const ACCOUNTS = 1_000;
const FIRST = ['Ayesha', 'Bilal', 'Fatima', 'Hamza', 'Zainab', 'Usman', 'Sana', 'Ali', 'Hira', 'Omar', 'Mahnoor', 'Saad', 'Iqra', 'Hassan', 'Noor', 'Farhan', 'Amna', 'Danish', 'Maryam', 'Imran', 'Rabia', 'Kashif', 'Sadia', 'Tariq', 'Khadija', 'Asad', 'Mehwish', 'Junaid', 'Nida', 'Waqas'];
const LAST = ['Khan', 'Ahmed', 'Malik', 'Hussain', 'Qureshi', 'Siddiqui', 'Butt', 'Chaudhry', 'Sheikh', 'Raza', 'Abbasi', 'Javed', 'Iqbal', 'Baig', 'Mirza', 'Anwar', 'Shah', 'Aslam', 'Farooq', 'Rehman'];
const CITIES: [string, string, string][] = [['Karachi', 'Sindh', '75500'], ['Lahore', 'Punjab', '54000'], ['Islamabad', 'ICT', '44000'], ['Rawalpindi', 'Punjab', '46000'], ['Faisalabad', 'Punjab', '38000'], ['Peshawar', 'Khyber Pakhtunkhwa', '25000'], ['Multan', 'Punjab', '60000'], ['Quetta', 'Balochistan', '87300']];
const TWO_YEARS_MS = 730 * 86_400_000;

const num = (n: number) => sql.raw(String(Math.trunc(n)));
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** Adds `count` orders (and their lines, and ACCOUNTS shoppers' accounts) to `db`; the catalogue must hold products. */
export async function generateDeskOrders(db: Database, options: GenerateOptions = {}): Promise<{ orders: number }> {
  const count = options.count ?? 1_000_000;
  const batch = options.batch ?? 50_000;
  const endMs = (options.end ?? new Date()).getTime();
  const catalogue = await db.select({ id: products.id, name: products.name, price: products.price, image: products.images }).from(products).orderBy(products.id);
  if (catalogue.length === 0) throw new Error('The catalogue is empty: seed it before generating orders.');
  const ids = textArray(catalogue.map((p) => p.id));
  const names = textArray(catalogue.map((p) => p.name));
  const images = textArray(catalogue.map((p) => (Array.isArray(p.image) ? String(p.image[0] ?? '') : '')));
  const prices = sql.raw(`array[${catalogue.map((p) => Math.max(1, Math.round(p.price))).join(',')}]::int[]`);
  const P = catalogue.length;

  // Accounts for a share of the shoppers: shopper c < ACCOUNTS*... has account number c % ACCOUNTS.
  await db.execute(sql`
    insert into users (id, name, email, phone, password_hash, verified_at)
    select md5('desk-account-' || a)::uuid, 'Account Shopper ' || a, 'desk-account-' || a || '@example.pk', '+92300' || lpad(a::text, 7, '0'), 'not-a-hash', now()
    from generate_series(0, ${num(ACCOUNTS - 1)}) a
    on conflict do nothing`);

  const { rows: before } = (await db.execute(sql`select coalesce(max((substr(id, 2))::bigint), -1)::int + 1 as n from orders where id ~ '^g[0-9]{23}$'`)) as unknown as { rows: { n: number }[] };
  const start = Number(before[0]?.n ?? 0);
  for (let from = start; from < start + count; from += batch) {
    const to = Math.min(start + count, from + batch) - 1;
    // g: the order's number in the generation; age: ms before `end`, squared spread (more recent orders).
    // h: g times an odd number modulo 2^40, a one-to-one mix, spelled as an order number.
    await db.execute(sql`
      with o as (
        select g,
          (${num(endMs)}::bigint - (${num(TWO_YEARS_MS)}::float8 * (1 - sqrt(1 - ((${num(start + count)}::bigint - 1 - g)::float8 / ${num(start + count)}::float8))))::bigint) as ms,
          (g * 2654435761) % 1099511627776 as h,
          (g * 48271) % ${num(SHOPPERS)} as c,
          1 + (g * 7) % 4 as nlines
        from generate_series(${num(from)}::bigint, ${num(to)}::bigint) g
      ), l as (
        select o.g, j, 1 + ((o.g * 13 + j * 7) % ${num(P)})::int as p, 1 + ((o.g + j) % 3)::int as q
        from o, generate_series(0, o.nlines - 1) j
      ), totals as (
        select l.g, sum(l.q * (${prices})[l.p])::int as subtotal from l group by l.g
      ), ins_orders as (
        insert into orders (id, order_number, user_id, guest_name, guest_email, contact_number, address, city, province, postal_code, country,
          payment_method, status, subtotal, you_save, shipping, total_amount, is_paid, paid_at, is_delivered, delivered_at, created_at, updated_at)
        select
          'g' || lpad(o.g::text, 23, '0'),
          'KR-' || ${orderNumberChars(sql`o.h`, 0, 4)} || '-' || ${orderNumberChars(sql`o.h`, 4, 8)},
          case when o.c % 4 = 0 then md5('desk-account-' || (o.c / 4) % ${num(ACCOUNTS)})::uuid end,
          (${textArray(FIRST)})[1 + o.c % ${num(FIRST.length)}] || ' ' || (${textArray(LAST)})[1 + (o.c / ${num(FIRST.length)}) % ${num(LAST.length)}],
          lower((${textArray(FIRST)})[1 + o.c % ${num(FIRST.length)}] || '.' || (${textArray(LAST)})[1 + (o.c / ${num(FIRST.length)}) % ${num(LAST.length)}]) || o.c || '@' || (array['gmail.com','yahoo.com','hotmail.com','example.pk'])[1 + o.c % 4],
          '+923' || lpad(((o.c * 7919 + 100000000) % 1000000000)::text, 9, '0'),
          'House ' || (1 + o.c % 300) || ', Street ' || (1 + o.c % 40),
          (${textArray(CITIES.map((c) => c[0]))})[1 + o.c % ${num(CITIES.length)}],
          (${textArray(CITIES.map((c) => c[1]))})[1 + o.c % ${num(CITIES.length)}],
          (${textArray(CITIES.map((c) => c[2]))})[1 + o.c % ${num(CITIES.length)}],
          'Pakistan', 'COD', s.status, t.subtotal, 0, s.shipping, t.subtotal + s.shipping,
          s.status = 'Delivered', case when s.status = 'Delivered' then s.at + interval '3 days' end,
          s.status = 'Delivered', case when s.status = 'Delivered' then s.at + interval '3 days' end,
          s.at, s.at
        from o
        join totals t on t.g = o.g
        cross join lateral (
          select timestamptz 'epoch' + o.ms * interval '1 millisecond' as at,
            case when t.subtotal >= 3000 then 0 else 200 end as shipping,
            case
              when o.g % 17 = 5 then 'Cancelled'
              when ${num(endMs)}::bigint - o.ms < 86400000 then 'Pending'
              when ${num(endMs)}::bigint - o.ms < 2 * 86400000 then 'Processing'
              when ${num(endMs)}::bigint - o.ms < 5 * 86400000 then 'Shipped'
              else 'Delivered'
            end as status
        ) s
      )
      insert into order_items (order_id, position, product_id, name, image, price, original_price, quantity, line_total)
      select 'g' || lpad(l.g::text, 23, '0'), l.j, (${ids})[l.p], (${names})[l.p], (${images})[l.p], (${prices})[l.p], null, l.q, l.q * (${prices})[l.p]
      from l`);
    options.progress?.(to - start + 1);
  }
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
  return { orders: count };
}

/** Characters `from` to `to` (each 5 bits of `h`) of an order number, in its alphabet. */
function orderNumberChars(h: ReturnType<typeof sql>, from: number, to: number) {
  const parts = [];
  for (let k = from; k < to; k++) parts.push(sql`substr(${sql.raw(`'${ORDER_NUMBER_ALPHABET}'`)}, (((${h} >> ${num(5 * k)}) & 31) + 1)::int, 1)`);
  return sql.join(parts, sql` || `);
}
