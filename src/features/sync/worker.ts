/**
 * The sync worker: sends a signed-in shopper's outbox to the server in order, one change
 * at a time, then pulls the server's cart and wishlist and shows them with the changes not sent
 * yet on top (rules.ts's rebase). Loaded only when a token exists (start.ts wires it to the page).
 *
 * For each change, by its reply:
 *   - success: removed from the outbox;
 *   - no reply (network, timeout), a 5xx, 408 or 429: kept, and the worker tries again after a
 *     delay that grows (2 s, 4 s, ... capped at 30 s), or at once when `kick` is called (the page
 *     is online again or visible);
 *   - any other 4xx but 401: it can never succeed, so it is dropped, the shopper is told, and the
 *     lists are pulled again;
 *   - 401: the session has ended (authedRequest has cleared it); nothing more is sent.
 * A resend carries the same Idempotency-Key (the change's id), so a change whose reply was lost is
 * applied once.
 */
import { ApiClient } from '#lib/api.ts';
import { replaceCartFromServer } from '#features/cart/synced.ts';
import { replaceWishlistFromServer } from '#features/wishlist/synced.ts';
import { $signedIn } from '#features/session/store.ts';
import { authedRequest } from '#features/session/api.ts';
import { ACCOUNT_LISTS_KEY, outboxKeys } from '#lib/outbox-keys.ts';
import { CartReply, WishlistReply, cartLineOf, decodeOutbox, rebaseCart, rebaseWishlist, requestOf, type OutboxEntry } from './rules.ts';

export const SYNC_NOTICES = {
  capped: 'Some quantities in your cart were lowered to what is in stock.',
  skipped: 'Some products are no longer sold and were left out.',
  cartDropped: 'A change to your cart could not be saved. Your cart shows what is saved now.',
  wishlistDropped: 'A change to your wishlist could not be saved. Your wishlist shows what is saved now.',
} as const;

/** 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export const retryDelay = (attempt: number): number => Math.min(2000 * 2 ** Math.max(0, attempt - 1), 30_000);

export interface SyncWorkerOptions {
  client?: ApiClient;
  storage?: Storage;
  /** What a 401 does (authedRequest's sessionExpired by default). */
  onExpired?: () => void;
  /** Tells the shopper something in plain words (a toast in the browser). */
  notify?: (message: string) => void;
  /** Runs `task` alone across tabs (navigator.locks where available). */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  retryDelay?: (attempt: number) => number;
}

type FlushOutcome = { state: 'empty' | 'retry' | 'expired'; sent: boolean; dropped: boolean };

export interface SyncWorker {
  /** Flushes now (then pulls when something was sent, or when `pull`): resolves when this round is over. */
  kick(options?: { pull?: boolean }): Promise<void>;
  stop(): void;
}

function isRetryable(status: number | undefined): boolean {
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

function listOf(reply: unknown, key: string): unknown[] {
  const value = reply && typeof reply === 'object' ? (reply as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? value : [];
}

export function createSyncWorker({
  client = new ApiClient(),
  storage = localStorage,
  onExpired,
  notify = () => {},
  exclusive = (task) => task(),
  retryDelay: delay = retryDelay,
}: SyncWorkerOptions = {}): SyncWorker {
  const authed = { client, ...(onExpired ? { onExpired } : {}) };
  let running: Promise<void> | undefined;
  let again = false;
  let pullWanted = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** The outbox, oldest first; entries that cannot be read are removed (never a crash). */
  function pending(): OutboxEntry[] {
    const { entries, bad } = decodeOutbox(outboxKeys(storage).map((key) => [key, storage.getItem(key)]));
    for (const key of bad) storage.removeItem(key);
    return entries;
  }

  /** Still the account's lists to write to: signed in, and not emptied by a sign-out meanwhile. */
  const ours = () => !stopped && $signedIn.get() && Boolean(storage.getItem(ACCOUNT_LISTS_KEY));

  async function flush(): Promise<FlushOutcome> {
    let sent = false;
    let dropped = false;
    for (;;) {
      const [next] = pending();
      if (!next || !ours()) return { state: 'empty', sent, dropped };
      const { method, path, body } = requestOf(next.op);
      const result = await authedRequest(path, { method, body, headers: { 'Idempotency-Key': next.op.id } }, authed);
      if (result.ok) {
        storage.removeItem(next.key);
        sent = true;
        if (listOf(result.data, 'capped').length) notify(SYNC_NOTICES.capped);
        if (listOf(result.data, 'skipped').length) notify(SYNC_NOTICES.skipped);
        continue;
      }
      const { status } = result.error;
      if (status === 401) return { state: 'expired', sent, dropped };
      if (isRetryable(status)) return { state: 'retry', sent, dropped };
      storage.removeItem(next.key);
      dropped = true;
      notify(next.op.kind.startsWith('cart') ? SYNC_NOTICES.cartDropped : SYNC_NOTICES.wishlistDropped);
    }
  }

  /** GET both lists; each one that arrives replaces the local one (with the pending changes on top). */
  async function pull(): Promise<boolean> {
    const [cart, wishlist] = await Promise.all([authedRequest('/api/cart', {}, authed), authedRequest('/api/wishlist', {}, authed)]);
    const cartReply = cart.ok ? CartReply.safeParse(cart.data) : undefined;
    const wishlistReply = wishlist.ok ? WishlistReply.safeParse(wishlist.data) : undefined;
    if (!ours()) return true;
    const ops = pending().map((e) => e.op);
    if (cartReply?.success) replaceCartFromServer(rebaseCart(cartReply.data.cart.map(cartLineOf), ops));
    if (wishlistReply?.success) replaceWishlistFromServer(rebaseWishlist(wishlistReply.data.wishlist, ops));
    return Boolean(cartReply?.success && wishlistReply?.success);
  }

  async function round(): Promise<'done' | 'retry' | 'expired'> {
    const outcome = await exclusive(flush);
    if (outcome.state === 'expired') return 'expired';
    if (outcome.state === 'retry') return 'retry';
    if (outcome.sent || outcome.dropped || pullWanted) {
      pullWanted = false;
      if (!(await pull())) {
        pullWanted = true;
        return $signedIn.get() ? 'retry' : 'expired';
      }
    }
    return 'done';
  }

  function kick({ pull: wanted = false } = {}): Promise<void> {
    if (stopped) return Promise.resolve();
    if (wanted) pullWanted = true;
    clearTimeout(timer);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: 'done' | 'retry' | 'expired';
      do {
        again = false;
        result = await round();
      } while (again && result === 'done' && !stopped);
      if (result === 'expired') stopped = true;
      else if (result === 'retry') {
        attempt += 1;
        timer = setTimeout(() => void kick(), delay(attempt));
      } else attempt = 0;
    })().finally(() => (running = undefined));
    return running;
  }

  return {
    kick,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
