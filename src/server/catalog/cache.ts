/**
 * Catalogue replies from memory. A sale-day crowd reads the same products, lists and live figures
 * over and over; each is read from the database once, kept as the finished reply (JSON bytes, their
 * gzip, an ETag), and served from memory until the catalogue or a shown product's stock changes.
 *
 * What makes an entry stale comes from the database itself (channels.ts, migration
 * 0009_catalogue_notifications.sql), so a change made by any process is seen by every process:
 * - a catalogue change (categories, products other than stock, reviews) drops every entry;
 * - a stock change marks that product: only entries showing it are read again;
 * - a product going in or out of stock also changes "You might also like" (in-stock first), so
 *   entries carrying related products are read again.
 * Changes this process makes itself are also applied at once (`catalogueChanged`, `stockMoved`),
 * so a shopper's own order or review shows in the very next read here; other processes follow
 * within the notification's delivery (milliseconds).
 *
 * While the connection that listens is lost (PostgreSQL restarting), every read goes to the
 * database, and nothing held from before is trusted again.
 */
import { log } from '#server/monitoring/log.ts';
import { countCatalogueReply, watchCatalogueSize } from '#server/monitoring/metrics.ts';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { notificationsOf, type Listen } from '#server/db/notifications.ts';
import { CATALOGUE_CHANNEL, STOCK_CHANNEL } from './channels.ts';
import { GZIP_FROM_BYTES } from '#server/http/replies.ts';

/** A reply ready to send: its JSON bytes, their gzip when worth it, and its ETag. */
export interface CachedReply {
  body: Buffer;
  gzip?: Buffer;
  etag: string;
}

/** What a loader read: the reply's data (undefined: not found), and what it depends on. */
export interface Loaded<T> {
  data: T | undefined;
  /** Every product the data shows (its stock is in it). */
  productIds: readonly string[];
  /** The data's order or choice depends on which products are in stock (related products). */
  availability?: boolean;
}

interface Entry {
  reply: CachedReply | undefined;
  catalogue: number;
  /** The stock sequence when the read began: any change to a shown product after it makes the entry stale. */
  seq: number;
  /** The stock sequence when the entry was last found current: until it moves, the entry still is. */
  checked: number;
  ids: readonly string[];
  availability: boolean;
  size: number;
}

interface Target {
  key: string;
  cacheControl: string;
  /** The route pattern that answered it (for the metrics of the replies given before routing). */
  route: string;
}

/** Targets learned at most (all forgotten past it: a crawler's endless queries cannot grow it), and their longest. */
const MAX_TARGETS = 4096;
const MAX_TARGET_LENGTH = 2048;

/** Memory the entries may take, about; the oldest go first past it. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export function finishedReply(data: unknown): CachedReply {
  const body = Buffer.from(JSON.stringify({ success: true, data }));
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  return { body, gzip: body.length >= GZIP_FROM_BYTES ? gzipSync(body, { level: 6 }) : undefined, etag };
}

export interface CatalogueCacheOptions {
  maxBytes?: number;
}

export class CatalogueCache {
  private catalogue = 0;
  private lastChange = 0;
  /** Counts stock notifications; `changedAt` holds the count at each product's last change. */
  private seq = 0;
  private readonly changedAt = new Map<string, number>();
  /** The count at the last product that went in or out of stock. */
  private availabilityAt = 0;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Request targets answered before, with the entry that answers them (reply-lane.ts). */
  private readonly targets = new Map<string, Target>();
  /** Replies given from `targets` before routing (reply-lane.ts). */
  private early = 0;
  /** Whether notifications arrive: without them nothing is kept. */
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly maxBytes: number;
  /** Told of every stock change (search-index.ts). */
  private readonly stockWatchers = new Set<(ids: string[]) => void>();
  /** Settles once listening has started (or failed: then nothing is kept). */
  ready: Promise<void> = Promise.resolve();

  constructor(options: CatalogueCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  }

  /** Listens for the database's notifications; until then (or without `listen`), nothing is kept. */
  async start(listen: Listen | undefined): Promise<void> {
    if (!listen || this.stopListening) return;
    this.stopListening = await listen([CATALOGUE_CHANNEL, STOCK_CHANNEL], {
      notify: (channel, payload) => (channel === STOCK_CHANNEL ? this.stockMoved(payload.split(',')) : this.catalogueChanged()),
      lost: () => {
        this.listening = false;
        this.catalogueChanged();
      },
      regained: () => {
        this.catalogueChanged();
        this.listening = true;
      },
    });
    this.catalogueChanged();
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  /**
   * Counts the catalogue changes seen (own and announced): what another holder (search-context.ts)
   * read under an older count is stale. Only meaningful while `isListening`.
   */
  get generation(): number {
    return this.catalogue;
  }

  /** Whether announced changes arrive; while not, nothing read before may be trusted. */
  get isListening(): boolean {
    return this.listening;
  }

  /** When the catalogue last changed (performance.now()). */
  get lastChangeAt(): number {
    return this.lastChange;
  }

  /** Categories, products or reviews changed: nothing held is current. */
  catalogueChanged(): void {
    this.catalogue++;
    this.lastChange = performance.now();
    this.entries.clear();
    this.changedAt.clear();
    this.bytes = 0;
  }

  /** These products' stock changed; an id with a leading '!' went in or out of stock. */
  stockMoved(ids: Iterable<string>): void {
    const moved: string[] = [];
    for (const raw of ids) {
      if (!raw) continue;
      const crossed = raw.startsWith('!');
      this.seq++;
      if (crossed) this.availabilityAt = this.seq;
      const id = crossed ? raw.slice(1) : raw;
      this.changedAt.set(id, this.seq);
      moved.push(id);
    }
    if (moved.length) for (const watcher of this.stockWatchers) watcher(moved);
  }

  /** The count of stock changes seen: a read begun at it is stale once its product moves past it (`movedSince`). */
  get stockSeq(): number {
    return this.seq;
  }

  /** Whether the product's stock changed after the stock count was `seq`. */
  movedSince(id: string, seq: number): boolean {
    return (this.changedAt.get(id) ?? 0) > seq;
  }

  /** Calls `watcher` with the ids of every stock change from now on; returns how to stop. */
  watchStock(watcher: (ids: string[]) => void): () => void {
    this.stockWatchers.add(watcher);
    return () => this.stockWatchers.delete(watcher);
  }

  /** The entry under `key` if it is still current. */
  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.catalogue !== this.catalogue) {
      this.drop(key, entry);
      return undefined;
    }
    // No stock has moved since the entry was last found current (the usual case): it still is.
    if (entry.checked === this.seq) return entry;
    const fresh = (!entry.availability || this.availabilityAt <= entry.seq) && entry.ids.every((id) => (this.changedAt.get(id) ?? 0) <= entry.seq);
    if (fresh) {
      entry.checked = this.seq;
      return entry;
    }
    this.drop(key, entry);
    return undefined;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /**
   * The reply under `key`: from memory when current, otherwise from `load` (kept for next time).
   * Undefined when the loader found nothing (also kept: guessed ids cost one read a change).
   */
  async reply<T>(key: string, load: () => Promise<Loaded<T>>): Promise<CachedReply | undefined> {
    const held = this.listening ? this.current(key) : undefined;
    countCatalogueReply(!!held);
    if (held) return held.reply;
    // What is current before the read: a change during it leaves the entry stale, as it should.
    const catalogue = this.catalogue;
    const seq = this.seq;
    const listening = this.listening;
    const loaded = await load();
    const reply = loaded.data === undefined ? undefined : finishedReply(loaded.data);
    if (listening && this.listening && catalogue === this.catalogue) {
      const entry: Entry = {
        reply,
        catalogue,
        seq,
        checked: seq,
        ids: loaded.productIds,
        availability: loaded.availability ?? false,
        size: key.length + (reply ? reply.body.length + (reply.gzip?.length ?? 0) : 0) + 64,
      };
      const previous = this.entries.get(key);
      if (previous) this.drop(key, previous);
      this.entries.set(key, entry);
      this.bytes += entry.size;
      this.evict();
    }
    return reply;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(key, entry);
    }
  }

  /**
   * Remembers that the request target (path and query, as sent) was answered by the entry under
   * `key` with this Cache-Control. A route calls it once it has checked the request: the same
   * target always parses to the same key, so the next request for it may skip the route.
   */
  learn(target: string, key: string, cacheControl: string, route = ''): void {
    if (target.length > MAX_TARGET_LENGTH || this.targets.get(target)?.key === key) return;
    if (this.targets.size >= MAX_TARGETS) this.targets.clear();
    this.targets.set(target, { key, cacheControl, route });
  }

  /** The current reply for a target learned before, or undefined (unknown, stale, not found, not listening). */
  known(target: string): { reply: CachedReply; cacheControl: string; route: string } | undefined {
    const learned = this.targets.get(target);
    if (!learned || !this.listening) return undefined;
    const reply = this.current(learned.key)?.reply;
    if (!reply) return undefined;
    this.early++;
    countCatalogueReply(true);
    return { reply, cacheControl: learned.cacheControl, route: learned.route };
  }

  /** Entries held and their size, targets learned and replies given from them (for tests, benchmarks and metrics). */
  stats(): { entries: number; bytes: number; listening: boolean; targets: number; early: number } {
    return { entries: this.entries.size, bytes: this.bytes, listening: this.listening, targets: this.targets.size, early: this.early };
  }
}

const caches = new WeakMap<object, CatalogueCache>();

/**
 * The one cache of this process for `db`, listening from its first use: every app on one database
 * shares it (tests make many apps on one database; each listening on its own would hold a connection).
 */
export function catalogueCacheFor(db: object): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    const created = new CatalogueCache();
    cache = created;
    caches.set(db, created);
    watchCatalogueSize(created);
    created.ready = created.start(notificationsOf(db)).catch((err: unknown) => {
      log.error(`The catalogue cache could not listen for changes (${String(err)}); reads go to the database.`);
    });
  }
  return cache;
}
