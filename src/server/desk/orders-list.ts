/**
 * The order desk's list: newest first, 50 a page, filtered by status and Pakistan days, found by
 * order number, phone, e-mail or part of a name, with counts by status. Plain functions on a
 * database; the staff routes read the question with readDeskListQuery (src/lib/desk-query.ts).
 *
 * Pages follow a cursor (the last order's placement time and id), never an OFFSET: page 2,000 costs
 * what page 1 does. Counts by status stop at DESK_COUNT_CAP, a list's total at DESK_TOTAL_CAP (`capped` says so). The indexes they use are in
 * the schema (orders.ts): (created_at, id), (status, created_at, id), (contact_number, created_at)
 * and trigram indexes on the name and the e-mail.
 */
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { DESK_COUNT_CAP, DESK_PAGE_SIZE, DESK_TOTAL_CAP, cursorOf, type DeskListQuery } from '#lib/desk-query.ts';
import { ORDER_STATUSES, type OrderStatus } from '#lib/schemas/orders-rules.ts';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

/** The store's time zone: days of the desk and the reports are its days. */
export const SHOP_TIME_ZONE = 'Asia/Karachi';
/** The zone as SQL text, not a parameter: a grouping by a day must be the very expression selected. */
export const ZONE = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** The first moment of a Pakistan day (YYYY-MM-DD), as the database computes it. */
export const startOfDay = (day: string): SQL => sql`(${day}::date::timestamp at time zone ${ZONE})`;
/** The first moment of the day after a Pakistan day. */
export const endOfDay = (day: string): SQL => sql`((${day}::date + 1)::timestamp at time zone ${ZONE})`;

/** `%`, `_` and `\` in a search match themselves, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface DeskOrderSummary {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: OrderStatus;
  name: string;
  email: string;
  phone: string;
  city: string;
  totalAmount: number;
  isPaid: boolean;
  paidAt: Date | null;
  /** The shopper's account, or null for a guest. */
  userId: string | null;
}

export interface CappedCount {
  count: number;
  /** The true count is at least `count` (DESK_COUNT_CAP); there may be more. */
  capped: boolean;
}

export interface DeskOrdersPage {
  orders: DeskOrderSummary[];
  /** Cursor of the next page (the `after` of the next question), or null on the last page. */
  nextCursor: string | null;
  /** How many orders match the whole question, up to DESK_TOTAL_CAP. */
  total: CappedCount;
}

function rangeConditions(query: Pick<DeskListQuery, 'from' | 'to'>): SQL[] {
  const out: SQL[] = [];
  if (query.from) out.push(gte(orders.createdAt, startOfDay(query.from)));
  if (query.to) out.push(lt(orders.createdAt, endOfDay(query.to)));
  return out;
}

function findCondition(find: NonNullable<DeskListQuery['find']>): SQL {
  switch (find.kind) {
    case 'number':
      return eq(orders.orderNumber, find.value);
    case 'phone':
      return eq(orders.contactNumber, find.value);
    case 'email':
      // Stored lowercased; the search is lowercased too, and any part of the address matches.
      return ilike(orders.guestEmail, `%${escapeLike(find.value)}%`);
    case 'name':
      return ilike(orders.guestName, `%${escapeLike(find.value)}%`);
  }
}

/** Every condition of the question but the page's cursor. */
function filterConditions(query: DeskListQuery): SQL[] {
  const out = rangeConditions(query);
  if (query.status) out.push(eq(orders.status, query.status));
  if (query.find) out.push(findCondition(query.find));
  return out;
}

/** Counts the orders `where` picks, up to DESK_COUNT_CAP and one more (to tell "more"). */
function cappedCountQuery(db: Database, where: SQL | undefined, cap = DESK_COUNT_CAP) {
  const limited = db.select({ one: sql`1` }).from(orders).where(where).limit(cap + 1).as('limited');
  return db.select({ n: sql<number>`count(*)::int` }).from(limited);
}

function capped(rows: { n: number }[], cap = DESK_COUNT_CAP): CappedCount {
  const n = Number(rows[0].n);
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

/**
 * The statements behind one page of the list: the page (one more row than shown, to know whether
 * another follows) and the capped total. Apart so the benchmark can run the very same SQL bare.
 */
export function deskListStatements(db: Database, query: DeskListQuery) {
  const filters = filterConditions(query);
  const page = [...filters];
  if (query.after) {
    const { createdAt, id } = query.after;
    // A row comparison, which the (created_at, id) index seeks to; the same test spelled with OR
    // would be read through every newer order first.
    page.push(sql`(${orders.createdAt}, ${orders.id}) < (${createdAt.toISOString()}::timestamptz, ${id})`);
  }
  return {
    page: db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        name: orders.guestName,
        email: orders.guestEmail,
        phone: orders.contactNumber,
        city: orders.city,
        totalAmount: orders.totalAmount,
        isPaid: orders.isPaid,
        paidAt: orders.paidAt,
        userId: orders.userId,
      })
      .from(orders)
      .where(and(...page))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DESK_PAGE_SIZE + 1),
    total: cappedCountQuery(db, and(...filters), DESK_TOTAL_CAP),
  };
}

/** One page of the list (newest first) and how many orders match in all. */
export async function listDeskOrders(db: Database, query: DeskListQuery): Promise<DeskOrdersPage> {
  const statements = deskListStatements(db, query);
  const [rows, total] = await Promise.all([statements.page, statements.total]);
  const more = rows.length > DESK_PAGE_SIZE;
  const shown = (more ? rows.slice(0, DESK_PAGE_SIZE) : rows) as DeskOrderSummary[];
  return { orders: shown, nextCursor: more ? cursorOf(shown[shown.length - 1]) : null, total: capped(total, DESK_TOTAL_CAP) };
}

/** The statements behind the counts by status, one a status. */
export function deskCountStatements(db: Database, query: Pick<DeskListQuery, 'from' | 'to'> = {}) {
  const range = rangeConditions(query);
  return ORDER_STATUSES.map((status) => cappedCountQuery(db, and(eq(orders.status, status), ...range)));
}

/** Orders of each status within the question's days (all days when it names none), each up to DESK_COUNT_CAP. */
export async function countDeskOrders(db: Database, query: Pick<DeskListQuery, 'from' | 'to'> = {}): Promise<Record<OrderStatus, CappedCount>> {
  const counted = await Promise.all(deskCountStatements(db, query));
  return Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, capped(counted[i])])) as Record<OrderStatus, CappedCount>;
}
