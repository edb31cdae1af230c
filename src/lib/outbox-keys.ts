/**
 * What every page needs of the outbox (outbox.ts): where it is kept, and the mark on the local
 * lists. In the script every page runs, so a session found ended can empty the account's lists
 * (src/features/session/signed-out.ts); writing to the outbox is outbox.ts's, loaded with the store
 * actions.
 */

/** Each change is kept under `syncOutbox:<seq>:<id>` (outbox.ts says why one key a change). */
export const OUTBOX_PREFIX = 'syncOutbox:';
/**
 * Set (to '1') while the local cart and wishlist are a cache of a signed-in account's lists, not a
 * guest's own: they are never merged into an account, and are emptied when the session ends.
 */
export const ACCOUNT_LISTS_KEY = 'syncAccountLists';

/**
 * Set (to '1') while the local lists are what an account's cache held when its session lapsed (a 401:
 * the token expired or was revoked elsewhere): the shopper goes on with them as a guest. They are
 * still that account's lines, so the next sign-in sets each line's quantity instead of adding it
 * (adding would double every line the account already has).
 */
export const LAPSED_LISTS_KEY = 'syncLapsedLists';

/** The outbox's keys in this storage, in no particular order. */
export const outboxKeys = (storage: Storage = localStorage): string[] => Object.keys(storage).filter((key) => key.startsWith(OUTBOX_PREFIX));

/** Forgets every change not sent yet and the mark on the local lists (a session's end). */
export function clearOutbox(storage: Storage = localStorage): void {
  for (const key of outboxKeys(storage)) storage.removeItem(key);
  storage.removeItem(ACCOUNT_LISTS_KEY);
}
