/**
 * The search rule over the products held in memory: what answers `GET /api/products?q=` while it is
 * current, the SQL of search.ts otherwise. Same plan (plan.ts), same places (match.ts), same order
 * (search-rank.ts and listProducts' sorts), so the two engines give the same pages; ranking.test.ts
 * holds both to createSearcher.
 *
 * Why: a word that names a whole category at 100,000 products ("chai": 7,692 teas) makes the SQL
 * place and count every match on each request, and the embedded database runs one query at a
 * time. Here a word's matches are read from lists made once (token → products, by field), so such
 * a search costs a few milliseconds, and only the page's rows are read from the database.
 *
 * What is held, for the products on sale: their ids; per field (name, brand, category, description)
 * each token's products and the tokens in order (a prefix is a range of them); whether each is in
 * stock, its rating, sale price and category (the filters); and its rank in each order a list can
 * be sorted by, numbered by the database itself (ties by id, byte order), so no JavaScript
 * collation decides an order.
 *
 * Kept current (searchIndexFor):
 * - a catalogue change (products, categories, reviews, the dictionary; catalogue cache generation)
 *   makes the index stale: searches go to the SQL at once; once the catalogue has been quiet for
 *   QUIET_MS, the next search starts reading a new index in the background, which answers once
 *   read (if nothing changed meanwhile);
 * - a stock change marks its products: the next search first reads whether they are in stock
 *   (one small query), since in-stock products rank before sold-out ones among equals;
 * - while the database's announcements cannot arrive, no index is used.
 */
import { countSearchByIndex } from '#server/monitoring/metrics.ts';
import { sql, type SQL } from 'drizzle-orm';
import { NOT_FOUND, PLACES } from '#lib/search/match.ts';
import { lowerBound, type Clause, type SearchPlan, type WordTest } from '#lib/search/plan.ts';
import type { Database } from '#server/db/client.ts';
import { catalogueCacheFor } from './cache.ts';
import { textArray } from './search-columns.ts';

/** The orders a list can be sorted by besides relevance, as listProducts names them. */
export type IndexSort = 'createdAt' | 'price' | 'rating' | 'name';

export interface IndexQuery {
  categoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  /** Undefined or 'relevance': ranked by the plan. */
  sortBy?: IndexSort | 'relevance';
  sortOrder?: 'asc' | 'desc';
  page: number;
  limit: number;
}

export interface IndexPage {
  /** The page's product ids, in order. */
  ids: string[];
  total: number;
}

/** One field's tokens: each token's products (positions), and every token in byte order. */
interface Field {
  postings: Map<string, Int32Array>;
  sorted: string[];
}

type FieldName = 'name' | 'brand' | 'category' | 'more';
const FIELDS: readonly FieldName[] = ['name', 'brand', 'category', 'more'];

/** A place per product, and the products given one (so only they are reset). */
class Places {
  readonly place: Int8Array;
  touched: number[] = [];
  constructor(size: number) {
    this.place = new Int8Array(size).fill(NOT_FOUND);
  }
  set(i: number, place: number) {
    const now = this.place[i];
    if (place >= now) return;
    if (now === NOT_FOUND) this.touched.push(i);
    this.place[i] = place;
  }
  reset() {
    for (const i of this.touched) this.place[i] = NOT_FOUND;
    this.touched = [];
  }
}

/** A product as the index reads it. */
export interface IndexedProduct {
  id: string;
  inStock: boolean;
  rating: number;
  /** What the shopper pays: price less discount. */
  sale: number;
  categoryId: string;
  tokens: Record<FieldName, string[]>;
}

/**
 * Each order the index ranks by, as the products' positions in the list: the relevance ties'
 * (`tie`) and each sort's ascending.
 */
export type IndexOrders = Record<'tie' | IndexSort, ArrayLike<number>>;

export class SearchIndex {
  readonly size: number;
  private readonly ids: string[];
  private readonly position = new Map<string, number>();
  private readonly inStock: Uint8Array;
  private readonly rating: Float64Array;
  private readonly sale: Float64Array;
  private readonly category: Int32Array;
  private readonly categoryNumber = new Map<string, number>();
  /** Rank in the relevance ties' order (rating high to low, name, id) and its inverse. */
  private readonly tie: Int32Array;
  private readonly byTie: Int32Array;
  /** Rank in each sort's ascending order (the value, then the id) and its inverse. */
  private readonly ranks: Record<IndexSort, { rank: Int32Array; byRank: Int32Array }>;
  private readonly fields: Record<FieldName, Field>;
  /** Bits the tie rank takes in a relevance key. */
  private readonly tieBits: number;
  /** Searches answered (for tests and metrics). */
  searches = 0;
  /** Scratch places, reused by every search (searches here never wait midway). */
  private readonly pool: Places[] = [];

  constructor(list: readonly IndexedProduct[], orders: IndexOrders) {
    const n = list.length;
    this.size = n;
    this.ids = list.map((p) => p.id);
    this.inStock = new Uint8Array(n);
    this.rating = new Float64Array(n);
    this.sale = new Float64Array(n);
    this.category = new Int32Array(n);
    const lists = Object.fromEntries(FIELDS.map((f) => [f, new Map<string, number[]>()])) as Record<FieldName, Map<string, number[]>>;
    list.forEach((p, i) => {
      this.position.set(p.id, i);
      this.inStock[i] = p.inStock ? 1 : 0;
      this.rating[i] = p.rating;
      this.sale[i] = p.sale;
      let c = this.categoryNumber.get(p.categoryId);
      if (c === undefined) this.categoryNumber.set(p.categoryId, (c = this.categoryNumber.size));
      this.category[i] = c;
      for (const f of FIELDS) {
        for (const token of p.tokens[f]) {
          const postings = lists[f].get(token);
          if (postings) postings.push(i);
          else lists[f].set(token, [i]);
        }
      }
    });
    const ranked = (order: ArrayLike<number>) => {
      const rank = new Int32Array(n).fill(-1);
      const byRank = Int32Array.from(order);
      if (byRank.length !== n) throw new Error(`An order of ${byRank.length} products for ${n} products.`);
      byRank.forEach((i, r) => {
        if (!(i >= 0 && i < n) || rank[i] !== -1) throw new Error(`An order names position ${i} wrongly.`);
        rank[i] = r;
      });
      return { rank, byRank };
    };
    const tie = ranked(orders.tie);
    this.tie = tie.rank;
    this.byTie = tie.byRank;
    this.ranks = { createdAt: ranked(orders.createdAt), price: ranked(orders.price), rating: ranked(orders.rating), name: ranked(orders.name) };
    this.fields = Object.fromEntries(
      FIELDS.map((f) => {
        const postings = new Map<string, Int32Array>();
        for (const [token, found] of lists[f]) postings.set(token, Int32Array.from(found));
        return [f, { postings, sorted: [...postings.keys()].sort() }];
      }),
    ) as Record<FieldName, Field>;
    this.tieBits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  }

  /** Records whether these products are in stock now (ids not held are ignored). */
  setInStock(changes: Iterable<{ id: string; inStock: boolean }>): void {
    for (const { id, inStock } of changes) {
      const i = this.position.get(id);
      if (i !== undefined) this.inStock[i] = inStock ? 1 : 0;
    }
  }

  private scratch(): Places {
    return this.pool.pop() ?? new Places(this.size);
  }

  private release(places: Places): void {
    places.reset();
    this.pool.push(places);
  }

  /** Gives every product holding one of `tokens` in `field` at most `place`. */
  private mark(into: Places, field: FieldName, tokens: Iterable<string>, place: number): void {
    const postings = this.fields[field].postings;
    for (const token of tokens) {
      const list = postings.get(token);
      if (list) for (let k = 0; k < list.length; k++) into.set(list[k], place);
    }
  }

  /** The tokens of `field` starting with `word`. */
  private startingWith(field: FieldName, word: string): string[] {
    const sorted = this.fields[field].sorted;
    const out: string[] = [];
    for (let k = lowerBound(sorted, word); k < sorted.length && sorted[k].startsWith(word); k++) out.push(sorted[k]);
    return out;
  }

  /** match.ts's testPlace for every product, into `into` (taken from the pool). */
  private testPlaces(test: WordTest, into: Places): void {
    const prefixed = (field: FieldName) => (test.prefix ? this.startingWith(field, test.word) : []);
    this.mark(into, 'name', test.whole, 0);
    this.mark(into, 'name', prefixed('name'), 1);
    this.mark(into, 'name', test.typos, 2);
    for (const [field, place] of [['brand', 3], ['category', 4]] as const) {
      this.mark(into, field, test.whole, place);
      this.mark(into, field, prefixed(field), place);
      this.mark(into, field, test.typos, place);
    }
    this.mark(into, 'more', test.whole, 5);
    this.mark(into, 'more', prefixed('more'), 5);
    if (test.floor > 0) for (const i of into.touched) if (into.place[i] < test.floor) into.place[i] = test.floor;
  }

  /** match.ts's clausePlace for every product: the best alternative, each at its worst test. */
  private clausePlaces(clause: Clause, into: Places): void {
    for (const alternative of clause.alternatives) {
      const tests = alternative.map((test) => {
        const places = this.scratch();
        this.testPlaces(test, places);
        return places;
      });
      const [first, ...rest] = tests;
      for (const i of first.touched) {
        let worst = first.place[i];
        for (const other of rest) worst = Math.max(worst, other.place[i]);
        if (worst < NOT_FOUND) into.set(i, worst);
      }
      for (const places of tests) this.release(places);
    }
  }

  /** One page of the products matching the plan, with the filters and order of `query`. */
  search(plan: SearchPlan, query: IndexQuery): IndexPage {
    this.searches++;
    countSearchByIndex();
    const clauses = plan.clauses.map((clause) => {
      const places = this.scratch();
      this.clausePlaces(clause, places);
      return places;
    });
    try {
      if (clauses.length === 0) return { ids: [], total: 0 };
      // Products are found by the clause that finds the fewest, then tested against the others.
      const narrowest = clauses.reduce((a, b) => (b.touched.length < a.touched.length ? b : a));
      const category = query.categoryId === undefined ? -1 : (this.categoryNumber.get(query.categoryId) ?? -2);
      // Sale prices are whole rupees, so fractional bounds round inwards (as listProducts does).
      const min = query.minPrice === undefined ? -Infinity : Math.ceil(query.minPrice);
      const max = query.maxPrice === undefined ? Infinity : Math.floor(query.maxPrice);
      const minRating = query.rating ?? -Infinity;
      const sortBy = query.sortBy === undefined || query.sortBy === 'relevance' ? undefined : query.sortBy;
      const base = clauses.length + 1;
      const weights = Array.from({ length: PLACES + 1 }, (_, place) => (place < PLACES ? base ** (PLACES - 1 - place) : 0));
      const tieSpan = 2 ** this.tieBits;
      // Each match becomes one number whose order is the list's: a relevance key (relevance, in
      // stock, tie rank; under 2^53 for any plan, MAX_QUERY_WORDS words) or the sort's rank.
      const keys: number[] = [];
      outer: for (const i of narrowest.touched) {
        if (category !== -1 && this.category[i] !== category) continue;
        if (this.sale[i] < min || this.sale[i] > max || this.rating[i] < minRating) continue;
        let relevance = 0;
        for (const c of clauses) {
          const place = c.place[i];
          if (place === NOT_FOUND) continue outer;
          relevance += weights[place];
        }
        keys.push(sortBy ? this.ranks[sortBy].rank[i] : (relevance * 2 + this.inStock[i]) * tieSpan + (tieSpan - 1 - this.tie[i]));
      }
      const sorted = Float64Array.from(keys).sort();
      const descending = sortBy === undefined || query.sortOrder !== 'asc';
      const start = (query.page - 1) * query.limit;
      const ids: string[] = [];
      for (let k = start; k < Math.min(sorted.length, start + query.limit); k++) {
        const key = sorted[descending ? sorted.length - 1 - k : k];
        const i = sortBy ? this.ranks[sortBy].byRank[key] : this.byTie[tieSpan - 1 - (key % tieSpan)];
        ids.push(this.ids[i]);
      }
      return { ids, total: sorted.length };
    } finally {
      for (const places of clauses) this.release(places);
    }
  }
}

/**
 * Reads the index of the products on sale, in one statement (one snapshot): every product as one
 * line of tab-separated fields (in id order: its position), its tokens joined by spaces, and the
 * positions in each order as one text. Ids and tokens hold neither tabs, spaces nor line breaks (ids are lowercase letters, digits
 * and dashes; tokens letters and digits, fold.ts); a read that does not parse fails, and the SQL
 * goes on answering. Texts rather than rows: the embedded database gives 100,000 rows of arrays
 * in seconds, these in a fraction of one.
 */
export async function loadSearchIndex(db: Database): Promise<SearchIndex> {
  const tokens = (column: string) => sql.raw(`coalesce(array_to_string(${column}, ' '), '')`);
  const ranked = (order: string) => sql.raw(`coalesce(string_agg(i::text, ' ' order by ${order}), '')`);
  const result = await db.execute(sql`
    with p as (
      select (row_number() over (order by p.id collate "C") - 1) as i, p.*
      from products p join categories c on c.id = p.category_id
      where p.on_sale
    )
    select
      coalesce(string_agg(concat_ws(E'\t', id, (stock > 0)::int, rating, price - discount, category_id,
        ${tokens('search_name')}, ${tokens('search_brand')}, ${tokens('search_category')}, ${tokens('search_more')}), E'\n' order by i), '') as products,
      ${ranked('rating desc, name collate "C", id collate "C"')} as tie,
      ${ranked('created_at, id collate "C"')} as created_at,
      ${ranked('price - discount, id collate "C"')} as price,
      ${ranked('rating, id collate "C"')} as rating,
      ${ranked('lower(name) collate "C", id collate "C"')} as name
    from p`);
  const [row] = (result as unknown as { rows: Record<'products' | 'tie' | 'created_at' | 'price' | 'rating' | 'name', string>[] }).rows;
  const split = (text: string, by: string) => (text ? text.split(by) : []);
  const list = split(row.products, '\n').map((line): IndexedProduct => {
    const fields = line.split('\t');
    if (fields.length !== 9) throw new Error(`A product line of ${fields.length} fields, not 9: ${line.slice(0, 80)}`);
    const [id, inStock, rating, sale, categoryId, name, brand, category, more] = fields;
    return {
      id,
      inStock: inStock === '1',
      rating: Number(rating),
      sale: Number(sale),
      categoryId,
      tokens: { name: split(name, ' '), brand: split(brand, ' '), category: split(category, ' '), more: split(more, ' ') },
    };
  });
  const positions = (text: string) => split(text, ' ').map(Number);
  return new SearchIndex(list, {
    tie: positions(row.tie),
    createdAt: positions(row.created_at),
    price: positions(row.price),
    rating: positions(row.rating),
    name: positions(row.name),
  });
}

interface Holder {
  /** The catalogue generation the index (or the read under way) belongs to. */
  generation: number;
  index?: SearchIndex;
  loading?: Promise<void>;
  /** Products whose stock moved since the index last read it. */
  stock: Set<string>;
  /** Searches answered by the indexes held before this one. */
  answered: number;
}

const holders = new WeakMap<object, Holder>();
/** Databases whose searches always go to the SQL (tests of that engine). */
const sqlOnly = new WeakSet<object>();

/** Makes `db`'s searches go to the SQL (true) or to the index when current (false). */
export function searchWithSqlOnly(db: Database, only: boolean): void {
  if (only) sqlOnly.add(db);
  else sqlOnly.delete(db);
}

function holderOf(db: Database): Holder {
  let holder = holders.get(db);
  if (!holder) {
    const created: Holder = { generation: -1, stock: new Set(), answered: 0 };
    // Held as long as the database: the watcher goes with the cache, which goes with it.
    catalogueCacheFor(db).watchStock((ids) => {
      for (const id of ids) created.stock.add(id);
    });
    holders.set(db, (holder = created));
  }
  return holder;
}

/**
 * How long the catalogue must stay unchanged before an index is read for it: a burst of changes
 * (an import, an editor saving one field after another) is read once, after it, rather than once
 * per change and thrown away. The SQL answers meanwhile.
 */
export const QUIET_MS = 1000;

/** Milliseconds until the catalogue has been quiet for QUIET_MS (0: it has). */
function untilQuiet(db: Database): number {
  return Math.max(0, catalogueCacheFor(db).lastChangeAt + QUIET_MS - performance.now());
}

/** Starts reading an index for the current catalogue, unless one is being read for it. */
function startLoading(db: Database, holder: Holder): Promise<void> {
  const cache = catalogueCacheFor(db);
  const generation = cache.generation;
  if (holder.loading && holder.generation === generation) return holder.loading;
  holder.generation = generation;
  holder.answered += holder.index?.searches ?? 0;
  holder.index = undefined;
  holder.stock.clear();
  const loading = loadSearchIndex(db).then(
    (index) => {
      if (holder.loading !== loading) return;
      holder.loading = undefined;
      // A change while reading: the next search reads again.
      if (cache.isListening && cache.generation === generation) holder.index = index;
    },
    () => {
      // The next search tries again (a database closing or restarting meanwhile).
      if (holder.loading === loading) holder.loading = undefined;
    },
  );
  holder.loading = loading;
  return loading;
}

/**
 * `db`'s index when it is current (its stock read again where it moved), or undefined: the
 * catalogue changed since (a new one is then being read), announcements do not arrive, or the
 * database is set to SQL only.
 */
export async function currentSearchIndex(db: Database): Promise<SearchIndex | undefined> {
  if (sqlOnly.has(db)) return undefined;
  const cache = catalogueCacheFor(db);
  if (!cache.isListening) return undefined;
  const holder = holderOf(db);
  const current = holder.generation === cache.generation;
  if ((!current || (!holder.index && !holder.loading)) && untilQuiet(db) === 0) void startLoading(db, holder);
  const index = holder.index;
  if (!current || !index) return undefined;
  if (holder.stock.size) {
    const ids = [...holder.stock];
    holder.stock.clear();
    const result = await db.execute(sql`select id, stock > 0 as in_stock from products where id = any(${textArray(ids)})`);
    index.setInStock((result as unknown as { rows: { id: string; in_stock: boolean }[] }).rows.map((r) => ({ id: r.id, inStock: r.in_stock })));
  }
  // Still the catalogue it was read for (a change may have arrived while reading the stock).
  return holder.index === index && holder.generation === cache.generation ? index : undefined;
}

/** How many searches of `db` the index answered (the SQL answered the others). */
export function searchesByIndex(db: Database): number {
  const holder = holders.get(db);
  return holder ? holder.answered + (holder.index?.searches ?? 0) : 0;
}

/** Waits until `db` has a current index (tests and benchmarks: the index, not the SQL, answers next). */
export async function searchIndexReady(db: Database): Promise<SearchIndex> {
  const cache = catalogueCacheFor(db);
  await cache.ready;
  for (;;) {
    if (!cache.isListening || sqlOnly.has(db)) throw new Error('No search index: the database is set to SQL only, or its changes are not announced.');
    const index = await currentSearchIndex(db);
    if (index) return index;
    const wait = untilQuiet(db);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else {
      const holder = holderOf(db);
      await (holder.loading ?? startLoading(db, holder));
    }
  }
}
