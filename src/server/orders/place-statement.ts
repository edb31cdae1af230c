/**
 * The placement as one SQL statement: one round trip, atomic on its own (no BEGIN or COMMIT), so a
 * crash or a lost connection leaves the whole of it or none of it.
 *
 * 0. `earlier`: the Idempotency-Key's binding, if one is visible; then nothing else happens (a
 *    replay or a 422 spends nothing of any limit);
 * 1. `held`, `allowed`: a guest's points of the per-client guest-order limit (its row of rate_limits,
 *    locked: limits.ts, `LIMIT_HELD_SQL`); with the budget spent, nothing else happens: no row is
 *    locked or written, and the caller refuses with a 429;
 * 2. `locked`: every wanted product's row, locked (FOR UPDATE) in id order ("C" collation, like
 *    JavaScript's string order), so two placements (or a placement and a cancellation) never wait
 *    on each other in a cycle; on PostgreSQL a row another placement holds is waited for and then
 *    read as that placement left it; a product off sale is not read at all: it is refused as an
 *    unknown one (no longer sold);
 * 3. `fits`: true when every line's product exists, has the units, and sells at exactly the price
 *    the caller charges (what the shopper saw, or the lower price of a previous try);
 * 4. only then: the key is claimed (bound to the new order at once), and only when it was free:
 *    the order, its lines and its first timeline row (Pending) are written, every line's units
 *    taken (the database's trigger then notifies the stock channel with each product's id, on commit
 *    only), and (`counted`) a guest's order spends its point of the limit: only a new order does.
 *
 * The rows come back in the cart's order as the lock found them, so a refusal can name every line
 * (judge-lines.ts judges them). Money is the caller's: prices, line totals and the order's totals are
 * computed in TypeScript (src/lib/money.ts) and the statement only checks that the sale price it
 * finds (`SALE_PRICE`) is the one charged. A taken order number fails the statement as a whole
 * (unique violation): nothing of it stays, and the caller draws another.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { prepared, runPrepared } from '#server/db/prepared.ts';
import { LIMIT_HELD_SQL, limitCountSql, limitCountValues, type LimitCount } from '#server/limits/limits.ts';
import type { ShelfRow, WantedLine } from './judge-lines.ts';

/** `salePrice` of src/lib/money.ts over a products row `p`, in SQL (a test holds them equal). */
export const SALE_PRICE = sql.raw('greatest(0, p.price - greatest(0, p.discount))');

export interface OrderValues {
  id: string;
  orderNumber: string;
  userId: string | null;
  guestName: string;
  guestEmail: string;
  contactNumber: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  paymentMethod: string;
  subtotal: number;
  youSave: number;
  shipping: number;
  totalAmount: number;
  now: Date;
}

export interface StatementInput {
  wanted: readonly WantedLine[];
  /** The unit price charged for each wanted line (same order). */
  charged: readonly number[];
  /** False: only lock and read the rows (nothing is claimed or written). */
  write: boolean;
  key?: { key: string; scope: string; hash: string };
  order: OrderValues;
  /** The per-client limit's point a new order spends (a guest's), or none. */
  count?: LimitCount;
}

export type StatementResult =
  /** Written: the order, its lines, its timeline, the key, the stock. */
  | { kind: 'placed'; shelf: ShelfRow[] }
  /** The key was bound before this statement began. */
  | { kind: 'earlier'; scope: string; requestHash: string; orderId: string | null }
  /** Everything fitted, but another placement claimed the key meanwhile (committed after this statement began). */
  | { kind: 'key-taken' }
  /** Some line does not fit (or `write` was false): the rows as locked, undefined for an unknown product. */
  | { kind: 'refused'; shelf: (ShelfRow | undefined)[] }
  /** The client's budget of the limit counted is spent (until `expire`): nothing was read or written. */
  | { kind: 'over-budget'; expire: Date };

/** The per-client limit's row after this statement spent its point: points spent and the window's end. */
export interface Counted {
  points: number;
  expire: Date;
}

interface ResultRow {
  name: string | null;
  price: number | null;
  discount: number | null;
  stock: number | null;
  image: string | null;
  fits: boolean;
  placed: boolean;
  earlier_scope: string | null;
  earlier_hash: string | null;
  earlier_order: string | null;
  counted_points: number | null;
  counted_expire: Date | null;
  allowed: boolean;
  held_expire: Date | null;
}

const $ = (name: string) => sql.placeholder(name);

/** The statement, made once (prepared.ts): every value a placeholder, filled by `placementStatement`. */
const PLACEMENT = prepared('kiryana_place_order', sql`
    with wanted as (
      select * from jsonb_to_recordset(${$('lines')}::jsonb) as w(position int, product_id text, quantity int, price int)
    ),
    earlier as (
      select scope, request_hash, order_id from idempotency_keys where key = ${$('key')}::text
    ),
    held as materialized (
      ${LIMIT_HELD_SQL}
    ),
    allowed as (
      select coalesce((select points < ${$('limit_budget')}::int from held), true) or exists (select 1 from earlier) as ok
    ),
    locked as materialized (
      select p.id, p.name, p.price, p.discount, p.stock, coalesce(p.images->>0, '') as image, ${SALE_PRICE} as sale_price
      from products p
      where p.id in (select product_id from wanted) and p.on_sale and not exists (select 1 from earlier) and (select ok from allowed)
      order by p.id collate "C"
      for update
    ),
    fits as (
      select count(*) = ${$('line_count')}::int as ok
      from wanted w join locked p on p.id = w.product_id
      where p.stock >= w.quantity and p.sale_price = w.price
    ),
    claim as (
      insert into idempotency_keys (key, scope, request_hash, order_id, created_at)
      select ${$('key')}::text, ${$('scope')}::text, ${$('hash')}::text, ${$('id')}::text, ${$('now')}::timestamptz
      from fits where ok and ${$('write')}::boolean and ${$('key')}::text is not null
      on conflict (key) do nothing
      returning key
    ),
    placed as (
      insert into orders (id, order_number, user_id, guest_name, guest_email, contact_number, address, city, province,
        postal_code, country, payment_method, status, subtotal, you_save, shipping, total_amount, created_at, updated_at)
      select ${$('id')}::text, ${$('order_number')}::text, ${$('user_id')}::uuid, ${$('guest_name')}::text, ${$('guest_email')}::text,
        ${$('contact_number')}::text, ${$('address')}::text, ${$('city')}::text, ${$('province')}::text, ${$('postal_code')}::text,
        ${$('country')}::text, ${$('payment_method')}::text, 'Pending', ${$('subtotal')}::int, ${$('you_save')}::int, ${$('shipping')}::int,
        ${$('total_amount')}::int, ${$('now')}::timestamptz, ${$('now')}::timestamptz
      from fits where ok and ${$('write')}::boolean and (${$('key')}::text is null or exists (select 1 from claim))
      returning id
    ),
    taken as (
      update products p set stock = p.stock - w.quantity
      from wanted w
      where p.id = w.product_id and exists (select 1 from placed)
      returning p.id
    ),
    items as (
      insert into order_items (order_id, position, product_id, name, image, price, original_price, quantity, line_total)
      select placed.id, w.position, w.product_id, p.name, p.image, w.price,
        case when p.price > w.price then p.price end, w.quantity, w.price * w.quantity
      from placed, wanted w join locked p on p.id = w.product_id
    ),
    timeline as (
      insert into order_status_events (order_id, status, at) select id, 'Pending', ${$('now')}::timestamptz from placed
    ),
    counted as (
      ${limitCountSql(sql`exists (select 1 from placed)`)}
    ),
    placed_event as (
      insert into order_events (order_id, at, actor_kind, actor_id, action, to_status)
      select id, ${$('now')}::timestamptz, case when ${$('user_id')}::uuid is null then 'guest' else 'shopper' end,
        ${$('user_id')}::uuid::text, 'placed', 'Pending' from placed
    )
    select p.name, p.price, p.discount, p.stock, p.image,
      coalesce((select ok from fits), false) as fits,
      exists (select 1 from placed) as placed,
      e.scope as earlier_scope, e.request_hash as earlier_hash, e.order_id as earlier_order,
      (select points from counted) as counted_points, (select expire from counted) as counted_expire,
      (select ok from allowed) as allowed, (select expire from held) as held_expire
    from wanted w left join locked p on p.id = w.product_id left join earlier e on true
    order by w.position
  `);

export async function placementStatement(db: Database, { wanted, charged, write, key, order: o, count }: StatementInput): Promise<StatementResult & { counted?: Counted }> {
  const lines = JSON.stringify(wanted.map((w, i) => ({ position: i, product_id: w.productId, quantity: w.quantity, price: charged[i] })));
  const rows = (await runPrepared(db, PLACEMENT, {
    lines,
    line_count: wanted.length,
    write,
    key: key?.key ?? null,
    scope: key?.scope ?? null,
    hash: key?.hash ?? null,
    id: o.id,
    now: o.now,
    order_number: o.orderNumber,
    user_id: o.userId,
    guest_name: o.guestName,
    guest_email: o.guestEmail,
    contact_number: o.contactNumber,
    address: o.address,
    city: o.city,
    province: o.province,
    postal_code: o.postalCode,
    country: o.country,
    payment_method: o.paymentMethod,
    subtotal: o.subtotal,
    you_save: o.youSave,
    shipping: o.shipping,
    total_amount: o.totalAmount,
    ...limitCountValues(count),
  })) as ResultRow[];
  const first = rows[0];
  if (first && !first.allowed) return { kind: 'over-budget', expire: new Date(first.held_expire!) };
  const counted = first?.counted_points != null ? { points: first.counted_points, expire: new Date(first.counted_expire!) } : undefined;
  return { ...judged(rows, write, key !== undefined), counted };
}

/** What the statement's rows say happened. */
function judged(rows: ResultRow[], write: boolean, keyed: boolean): StatementResult {
  const first = rows[0];
  if (first?.earlier_scope != null) return { kind: 'earlier', scope: first.earlier_scope, requestHash: first.earlier_hash!, orderId: first.earlier_order };
  const shelf = rows.map((r): ShelfRow | undefined =>
    r.name === null ? undefined : { name: r.name, price: r.price!, discount: r.discount!, stock: r.stock!, image: r.image! },
  );
  if (first?.placed) return { kind: 'placed', shelf: shelf as ShelfRow[] };
  if (first?.fits && write && keyed) return { kind: 'key-taken' };
  return { kind: 'refused', shelf };
}
