/**
 * Per-client limits on everything that costs a password hash, sends a mail or lets a secret be
 * guessed. Counted by rate-limiter-flexible in the database (table rate_limits), so they hold
 * across every process on one PostgreSQL database. A client is an address (client-address.ts).
 *
 * Many shoppers share one public address: Pakistan's mobile carriers put whole towns of phones
 * behind a few (carrier-grade NAT). So the limits are budgets sized for a busy shared address,
 * and what a guesser does (fail) costs several times what a shopper does (succeed): a carrier's
 * hundreds of shoppers an hour pass, one client spraying passwords or order numbers does not.
 *
 * The budgets are RULES below, with FAILURE_COST; docs/api.md#limits lists them for readers with
 * what each comes to (e.g. sign-in: 600 points, 6 a failure, so 100 failures an hour).
 *
 * Per recipient, besides: 5 code mails an hour per account and client (codes.ts: a stranger's
 * requests never refuse the owner's registration) and 5 reset links an hour per account
 * (resets.ts). A stranger's failures never stop the owner: the account's own limits are per
 * client, and the owner signs in from another one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { countLimitRefusal } from '#server/monitoring/metrics.ts';

export interface Rule {
  /** Distinguishes this limit's keys in the shared table. */
  name: string;
  /** Points a key may spend in a window. */
  points: number;
  /** The window, in seconds, from a key's first spending. */
  seconds: number;
  /** Once over budget, the key waits this long (default: until its window ends). */
  blockSeconds?: number;
  /**
   * A success forgives the count (clear): such a key is never held blocked in one process's
   * memory, where another process's forgiveness could not reach it.
   */
  forgivable?: true;
}

export const RULES = {
  signIn: { name: 'sign-in', points: 600, seconds: 3600 },
  signInSlow: { name: 'sign-in-account-minute', points: 5, seconds: 60, blockSeconds: 60, forgivable: true },
  signInStop: { name: 'sign-in-account', points: 10, seconds: 15 * 60, blockSeconds: 15 * 60, forgivable: true },
  codeMails: { name: 'code-mails', points: 100, seconds: 3600 },
  resetMails: { name: 'reset-mails', points: 30, seconds: 3600 },
  resetTries: { name: 'reset-tries', points: 300, seconds: 3600 },
  codeTries: { name: 'code-tries', points: 300, seconds: 3600 },
  tracking: { name: 'tracking', points: 1200, seconds: 3600 },
  guestOrders: { name: 'guest-orders', points: 100, seconds: 3600 },
  reviews: { name: 'reviews', points: 100, seconds: 3600 },
  searchMisses: { name: 'search-misses', points: 300, seconds: 3600 },
} as const satisfies Record<string, Rule>;

/** Extra points a failure costs on top of its attempt. */
export const FAILURE_COST = { signIn: 5, resetTries: 10, codeTries: 5, tracking: 10 } as const;

/** Minutes as a shopper reads them: "1 minute", "15 minutes". */
export const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** What each limit tells the shopper it stopped; `wait` is "N minutes". */
export const LIMIT_MESSAGES: Record<keyof typeof RULES, (wait: string) => string> = {
  signIn: (wait) => `Too many sign-in attempts from your network. Please try again in ${wait}.`,
  signInSlow: (wait) => `Too many failed sign-in attempts. Please try again in ${wait}.`,
  signInStop: (wait) => `Too many failed sign-in attempts. Please try again in ${wait}.`,
  codeMails: (wait) => `Too many codes requested from your network. Please try again in ${wait}.`,
  resetMails: (wait) => `Too many password reset requests from your network. Please try again in ${wait}.`,
  resetTries: (wait) => `Too many password reset attempts from your network. Please try again in ${wait}.`,
  codeTries: (wait) => `Too many verification attempts from your network. Please try again in ${wait}.`,
  tracking: (wait) => `Too many order look-ups from your network. Please try again in ${wait}.`,
  guestOrders: (wait) => `Too many orders from your network. Please try again in ${wait}.`,
  reviews: (wait) => `Too many reviews from your network. Please try again in ${wait}.`,
  // Never shown: past it, a search that found nothing is answered but not counted (routes/search.ts).
  searchMisses: (wait) => `Too many searches counted from your network. Please try again in ${wait}.`,
};

/** A 429 saying when to come back, in words and in Retry-After. */
export function limitReached(message: (wait: string) => string, msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, message(minutesText(msBeforeNext)), undefined, { headers: { 'Retry-After': String(seconds) } });
}

/**
 * One point of a limit, spent by a statement of the caller's own rather than by `take` (the order
 * placement counts its guest in the statement that places the order: one round trip, not two). The
 * statement spends it on the same row, the same way: `limitCountSql` below.
 */
export interface LimitCount {
  /** The row's key, as `take` names it: the limit's name, a colon, the client. */
  key: string;
  /** Points the key may spend in a window. */
  budget: number;
  /** This process's clock, as `take` uses it: a window that ended by now starts afresh. */
  now: Date;
  /** When a window starting now ends. */
  expire: Date;
}

/** One limit: `take` spends points or refuses with a 429; `charge` adds a failure's cost; `clear` forgets a key. */
export interface Limit {
  take(key: string, points?: number): Promise<void>;
  charge(key: string, points: number): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * The point a statement of the caller's is to spend for `key` (see LimitCount); refuses at once
   * (429) while this process already knows the key is over budget, as `take` does.
   */
  counting(key: string): LimitCount;
  /** What that statement's count came to (the row's points and window end): a 429 when over budget. */
  counted(count: LimitCount, points: number, expire: Date): void;
}

/**
 * Spends one point of a LimitCount on its row of rate_limits, as rate-limiter-flexible's Drizzle
 * store does (a window that ended starts afresh), for a statement's WITH clause, when `onlyIf` (a
 * condition of that statement's, such as "an order was placed") holds; yields the row's `points`
 * and `expire` after spending. Its values are placeholders (`limitCountValues` fills them), so a
 * prepared statement's text holds it once; with no count it spends nothing, no row.
 */
export const limitCountSql = (onlyIf: SQL): SQL => sql`insert into rate_limits (key, points, expire)
      select ${sql.placeholder('limit_key')}::text, 1, ${sql.placeholder('limit_expire')}::timestamptz
      where ${sql.placeholder('limit_key')}::text is not null and ${onlyIf}
      on conflict (key) do update set
        points = case when rate_limits.expire <= ${sql.placeholder('limit_now')}::timestamptz then 1 else rate_limits.points + 1 end,
        expire = case when rate_limits.expire <= ${sql.placeholder('limit_now')}::timestamptz then excluded.expire else rate_limits.expire end
      returning points, expire`;

/**
 * The points a LimitCount's row holds in its current window (no row while none), locked until the
 * statement's end, for a WITH clause that decides whether to spend one: a statement of the same key
 * waits for it, then reads what it left. Placeholders as limitCountSql's.
 */
export const LIMIT_HELD_SQL: SQL = sql`select points, expire from rate_limits
      where key = ${sql.placeholder('limit_key')}::text and expire > ${sql.placeholder('limit_now')}::timestamptz
      for update`;

/** limitCountSql's and LIMIT_HELD_SQL's placeholders for `count` (none: all null). */
export function limitCountValues(count: LimitCount | undefined) {
  return { limit_key: count?.key ?? null, limit_now: count?.now ?? null, limit_expire: count?.expire ?? null, limit_budget: count?.budget ?? null };
}

function limit(db: Database, kind: keyof typeof RULES): Limit {
  const rule: Rule = RULES[kind];
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.seconds,
    blockDuration: rule.blockSeconds ?? 0,
    // A client over its budget is refused from memory until its window ends: a flood of refused
    // requests costs no database write. The database stays the truth for every other process.
    inMemoryBlockOnConsumed: rule.forgivable ? 0 : rule.points,
  });
  // The same refusal from memory for the points spent by a caller's statement: once a key has spent
  // its budget, this process refuses it until its window ends without writing again.
  const spent = new Map<string, number>();
  /** A refusal of this limit, counted for the metrics. */
  const refuse = (msBeforeNext: number) => {
    countLimitRefusal(rule.name);
    return limitReached(LIMIT_MESSAGES[kind], msBeforeNext);
  };
  const refusedFor = (rowKey: string) => {
    const until = spent.get(rowKey);
    if (until === undefined) return 0;
    if (until > Date.now()) return until - Date.now();
    spent.delete(rowKey);
    return 0;
  };
  return {
    async take(key, points = 1) {
      try {
        await limiter.consume(key, points);
      } catch (res) {
        if (res instanceof RateLimiterRes) throw refuse(res.msBeforeNext);
        throw res;
      }
    },
    async charge(key, points) {
      await limiter.penalty(key, points);
    },
    async clear(key) {
      spent.delete(limiter.getKey(key));
      await limiter.delete(key);
    },
    counting(key) {
      const rowKey = limiter.getKey(key);
      const wait = refusedFor(rowKey);
      if (wait > 0) throw refuse(wait);
      const now = new Date();
      return { key: rowKey, budget: rule.points, now, expire: new Date(now.getTime() + rule.seconds * 1000) };
    },
    counted(count, points, expire) {
      const wait = Math.max(0, expire.getTime() - Date.now());
      if (points >= count.budget && !rule.forgivable) {
        if (spent.size > 999) for (const [k, until] of spent) if (until <= Date.now()) spent.delete(k);
        spent.set(count.key, Date.now() + wait);
      }
      if (points > count.budget) throw refuse(wait);
    },
  };
}

/** Every limit the store applies, over one database. */
export function createLimits(db: Database) {
  return Object.fromEntries(Object.keys(RULES).map((kind) => [kind, limit(db, kind as keyof typeof RULES)])) as Record<keyof typeof RULES, Limit>;
}

export type Limits = ReturnType<typeof createLimits>;
