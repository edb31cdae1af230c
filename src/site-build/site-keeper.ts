/**
 * Keeps the built site in step with the catalogue while the store runs. The database announces
 * every catalogue change, whichever process made it (an import through the store, an import
 * straight into PostgreSQL, a shopper's review: channels.ts); the keeper then compares what each
 * product's pages show (digests.ts) with what the site was built from and:
 * - nothing, when only live figures changed (price, discount, stock: the pages read them live);
 * - rebuilds the pages the changed products touch (changed-pages.ts), when the code is the one the
 *   site was built with and a few products changed;
 * - rebuilds everything otherwise (first build, another code, the categories, many products).
 * Either way the new site is swapped in whole (build-site.ts): a shopper never sees half a change.
 * One build at a time: changes that arrive during a build are taken by one more round after it,
 * so two imports in quick succession end with the later one's pages.
 * A round that fails (the build stopped, the catalogue could not be read) leaves the site as it was,
 * is written down beside it for the staff pages to say (build-failure.ts), and is tried again by
 * itself after a rest that doubles with each failure in a row, from RETRY_FIRST_MS up to
 * RETRY_MAX_MS; the first round that succeeds removes the record.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SNAPSHOT_FILE } from '#features/catalog/build-data.ts';
import { catalogueChange, catalogueDigests, nothingChanged, type CatalogueChange } from '#server/catalog/digests.ts';
import { CATALOGUE_CHANNEL } from '#server/catalog/channels.ts';
import type { Database } from '#server/db/client.ts';
import { notificationsOf } from '#server/db/notifications.ts';
import { clearFailure, recordFailure } from './build-failure.ts';
import { buildSite, readDigests, type BuildOptions, type BuildResult } from './build-site.ts';
import { codeHash } from './code-hash.ts';
import { readStamp } from './stamp.ts';

/**
 * Above this share of the catalogue (or this many products) a change is rebuilt whole: reading
 * that many products one by one and rendering most pages costs more than a full build.
 */
const MOST_CHANGED_SHARE = 0.2;
const MOST_CHANGED = 5_000;

/** The builds run at a lower priority than the store: shoppers' requests come first (nice 10 on Linux). */
const BUILD_NICENESS = 10;

/** The longest rest between two rounds when changes keep coming. */
const MAX_REST_MS = 10_000;

/** How long the keeper waits after a change for the rest of it (an editor's second file, a burst of reviews). */
const SETTLE_MS = 50;

/** The first rest before a failed round is tried again; it doubles with each failure in a row. */
export const RETRY_FIRST_MS = 5_000;
/** The longest rest between two tries of a failing round. */
export const RETRY_MAX_MS = 5 * 60_000;

/** The rest before the next try after `failures` failed rounds in a row (1 or more): doubling, bounded. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(failures - 1, 30)), RETRY_MAX_MS);
}

/**
 * A build error in a line, what the staff pages say of it: its first line, and the first line after
 * it that tells the error (the Astro process's own words: run-astro.ts keeps its last lines), never
 * a stack frame.
 */
export function failureReason(err: Error): string {
  const lines = (err.message || String(err)).split('\n').map((l) => l.trim()).filter(Boolean);
  const first = lines[0] ?? 'the build stopped';
  const telling = lines.slice(1).find((l) => !/^at /.test(l) && /error|could not|cannot|missing|not found|ERR_|EACCES|ENOSPC|ENOENT/i.test(l));
  const line = telling ? `${first} ${telling}` : first;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export interface SyncOutcome {
  built: 'nothing' | 'changed' | 'full';
  reason: string;
  change?: CatalogueChange;
  result?: BuildResult;
  /** How long reading the digests and comparing them took. */
  checkedSeconds?: number;
}

export interface SiteKeeperOptions extends Omit<BuildOptions, 'changes' | 'digests' | 'fingerprint'> {
  db: Database;
  /** Told of every round's outcome (the store logs it). */
  onSynced?: (outcome: SyncOutcome) => void;
  onError?: (err: Error) => void;
  /** The build (default buildSite); tests give one of their own. */
  build?: typeof buildSite;
  /** The rest before the next try after that many failures in a row (default retryDelayMs). */
  retryDelay?: (failures: number) => number;
}

export function siteKeeper(options: SiteKeeperOptions) {
  const distDir = resolve(options.distDir!);
  const hash = options.hash ?? codeHash;
  let round: Promise<SyncOutcome> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  const build = options.build ?? buildSite;
  const retryDelay = options.retryDelay ?? retryDelayMs;
  /** Failed rounds in a row, since when, and the timer of the next try. */
  let failing: { tries: number; since: Date } | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function syncOnce(): Promise<SyncOutcome> {
    const began = performance.now();
    const [stamp, code, before, digests] = await Promise.all([readStamp(distDir), hash(), readDigests(distDir), catalogueDigests(options.db)]);
    const checkedSeconds = (performance.now() - began) / 1000;
    const full = async (reason: string): Promise<SyncOutcome> => ({ built: 'full', reason, result: await build({ ...options, distDir, hash: async () => code, digests, niceness: BUILD_NICENESS }) });
    if (!stamp) return full('there is no earlier build');
    if (stamp.codeHash !== code) return full('the code changed');
    if (!before || !existsSync(join(distDir, SNAPSHOT_FILE))) return full('the site does not say what catalogue it was built from');
    const change = catalogueChange(before, digests);
    if (nothingChanged(change)) return { built: 'nothing', reason: 'the site shows the catalogue as it is', change };
    if (change.categoriesChanged) return { ...(await full('the categories changed')), change };
    const touched = change.changed.length + change.removed.length;
    if (touched > Math.min(MOST_CHANGED, Object.keys(digests.products).length * MOST_CHANGED_SHARE)) {
      return { ...(await full(`${touched} products changed`)), change };
    }
    // The dictionary alone changes no page: the rebuild renders only the files made from the
    // whole catalogue, the suggestions' index among them.
    const reason = touched === 0 ? 'the search dictionary changed' : `${touched} product${touched === 1 ? '' : 's'} changed`;
    try {
      const result = await build({ ...options, distDir, hash: async () => code, digests, changes: change, niceness: BUILD_NICENESS });
      return { built: result.outcome.mode === 'changed' ? 'changed' : 'full', reason: result.outcome.mode === 'full' ? (result.outcome.reason ?? reason) : reason, change, result, checkedSeconds };
    } catch (err) {
      // A rebuild of the changed pages that fails for any reason (the plan and the routes
      // disagree, the snapshot is damaged) is followed by a full one; the site stays as it was
      // until that succeeds.
      options.onError?.(err as Error);
      return { ...(await full(`${reason}; rebuilding the changed pages failed`)), change };
    }
  }

  /** Brings the site in step now (once the round in progress, if any, is over); resolves with the last round's outcome. */
  function sync(): Promise<SyncOutcome> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      let rest: number | undefined;
      try {
        let outcome: SyncOutcome;
        for (;;) {
          again = false;
          const started = performance.now();
          try {
            outcome = await syncOnce();
          } catch (err) {
            rest = await failed(err as Error);
            throw err;
          }
          await succeeded();
          options.onSynced?.(outcome);
          if (!again) return outcome;
          // Changes kept coming during the round (a burst of reviews on a sale day): rest as long
          // as the round took before the next, so rebuilding takes at most half of a core from serving.
          await new Promise((done) => setTimeout(done, Math.min(performance.now() - started, MAX_REST_MS)));
        }
      } finally {
        round = undefined;
        // Tried again once this round is over (a change meanwhile is part of the next try).
        if (rest !== undefined && !stopped) {
          clearTimeout(retry);
          retry = setTimeout(() => {
            sync().catch((e: Error) => options.onError?.(e));
          }, rest);
          retry.unref();
        }
      }
    })();
    return round;
  }

  /** A round failed: written down for the staff pages; resolves with the rest before the next try. */
  async function failed(err: Error): Promise<number> {
    failing = { tries: (failing?.tries ?? 0) + 1, since: failing?.since ?? new Date() };
    const rest = retryDelay(failing.tries);
    const nextTry = stopped ? null : new Date(Date.now() + rest).toISOString();
    // A record that cannot be written (a full disk) must not hide the build's own error.
    await recordFailure(distDir, { since: failing.since.toISOString(), tries: failing.tries, reason: failureReason(err), nextTry }).catch(() => {});
    return rest;
  }

  /** A round succeeded: the site is in step, and no longer said to be failing (nor an earlier run's failure). */
  async function succeeded() {
    clearTimeout(retry);
    retry = undefined;
    failing = undefined;
    await clearFailure(distDir);
  }

  /** A change was announced: sync shortly after, reporting failures rather than throwing. */
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      sync().catch((err: Error) => options.onError?.(err));
    }, SETTLE_MS);
  }

  return {
    sync,
    changed,
    /** Follows the database's catalogue announcements until stop(); missed ones (a lost connection) are made up by a sync once it listens again. */
    async watch(): Promise<void> {
      const listen = notificationsOf(options.db);
      if (!listen) return;
      stopListening = await listen([CATALOGUE_CHANNEL], { notify: changed, lost: () => {}, regained: changed });
    },
    /** Stops following the catalogue; a build in progress ends with the process (run-astro.ts). */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(retry);
      await stopListening?.();
    },
  };
}

export type SiteKeeper = ReturnType<typeof siteKeeper>;
