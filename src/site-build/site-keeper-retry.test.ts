/**
 * The site keeper when a rebuild fails: the site stays as it was, the failure is written down
 * beside it for the staff pages (with how many tries, since when, why and when the next is), the
 * round is tried again by itself after a rest that doubles up to a bound, and the first round that
 * succeeds removes the record. The build is the test's own (a real one is build-site.test.ts).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { failureFile, readFailure, type SiteBuildFailure } from './build-failure.ts';
import type { buildSite, BuildResult } from './build-site.ts';
import { failureReason, RETRY_FIRST_MS, RETRY_MAX_MS, retryDelayMs, siteKeeper, type SyncOutcome } from './site-keeper.ts';

let dir: string;
let database: DatabaseHandle;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiryana-retry-'));
  database = await openDatabase({ dataDir: 'memory://' });
  await seedIfEmpty(database.db, fixtureCatalogue);
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const built: BuildResult = {
  stamp: { codeHash: 'c', catalogVersion: 'v', builtAt: new Date(0).toISOString(), pages: 1 },
  seconds: 0,
  pages: 1,
  peakRssMb: 0,
  cpuSeconds: 0,
  outcome: { mode: 'full' } as BuildResult['outcome'],
};

describe('retryDelayMs', () => {
  it('doubles from the first rest with each failure in a row, and never passes the longest', () => {
    const rests = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1));
    expect(rests.slice(0, 4)).toEqual([RETRY_FIRST_MS, 2 * RETRY_FIRST_MS, 4 * RETRY_FIRST_MS, 8 * RETRY_FIRST_MS]);
    for (let i = 1; i < rests.length; i++) expect(rests[i]).toBeGreaterThanOrEqual(rests[i - 1]);
    expect(Math.max(...rests, retryDelayMs(1_000_000))).toBe(RETRY_MAX_MS);
  });
});

describe('failureReason', () => {
  it('says the error in a line: the first, and the line of the build’s own words that tells it, never a stack frame', () => {
    expect(failureReason(new Error('The site build failed (exit 1).\n[build] Building static entrypoints...\nTypeError: Missing parameter: category\n    at getParameter (generator.js:18)'))).toBe(
      'The site build failed (exit 1). TypeError: Missing parameter: category',
    );
    expect(failureReason(new Error('Could not read the catalogue from http://127.0.0.1:9/api/health'))).toBe('Could not read the catalogue from http://127.0.0.1:9/api/health');
    expect(failureReason(new Error('x'.repeat(400)))).toHaveLength(301);
  });
});

describe('the site keeper when a rebuild fails', () => {
  it('writes the failure down, tries again after growing rests, and clears it once a rebuild succeeds', async () => {
    const distDir = join(dir, 'dist');
    const asked: number[] = [];
    const seen: (SiteBuildFailure | undefined)[] = [];
    let tries = 0;
    // Fails three times (the third with a multi-line error), then builds.
    const build = (async () => {
      tries++;
      seen.push(await readFailure(distDir));
      if (tries === 3) throw new Error('Missing parameter: category\n    at getParameter (generator.js:18)');
      if (tries < 3) throw new Error(`ERR_MODULE_NOT_FOUND (try ${tries})`);
      return built;
    }) as typeof buildSite;
    let done!: (outcome: SyncOutcome) => void;
    const succeeded = new Promise<SyncOutcome>((resolve) => (done = resolve));
    const errors: string[] = [];
    const keeper = siteKeeper({
      db: database.db,
      apiUrl: 'http://127.0.0.1:9',
      distDir,
      build,
      retryDelay: (failures) => {
        asked.push(failures);
        return failures; // a millisecond or two: the rests themselves are retryDelayMs's
      },
      onSynced: done,
      onError: (err) => errors.push(err.message),
    });
    try {
      // The round asked for fails like any build: the caller hears why.
      await expect(keeper.sync()).rejects.toThrow('ERR_MODULE_NOT_FOUND (try 1)');
      const first = await readFailure(distDir);
      expect(first).toMatchObject({ tries: 1, reason: 'ERR_MODULE_NOT_FOUND (try 1)' });
      expect(Date.parse(first!.nextTry!)).toBeGreaterThanOrEqual(Date.parse(first!.since));
      // Tried again by itself, without another change or call.
      const outcome = await succeeded;
      expect(outcome).toMatchObject({ built: 'full', result: built });
      expect(tries).toBe(4);
      expect(asked).toEqual([1, 2, 3]);
      expect(errors).toEqual(['ERR_MODULE_NOT_FOUND (try 2)', 'Missing parameter: category\n    at getParameter (generator.js:18)']);
      // Each try found the record of the ones before: the tries counted, since the first failure, the first line of why.
      expect(seen.map((f) => f?.tries)).toEqual([undefined, 1, 2, 3]);
      expect(seen[3]).toMatchObject({ since: first!.since, reason: 'Missing parameter: category' });
      expect(existsSync(failureFile(distDir))).toBe(false);
      expect(await readFailure(distDir)).toBeUndefined();
    } finally {
      await keeper.stop();
    }
  });

  it('stops trying once stopped', async () => {
    const distDir = join(dir, 'stopped');
    let tries = 0;
    const keeper = siteKeeper({
      db: database.db,
      apiUrl: 'http://127.0.0.1:9',
      distDir,
      build: (async () => {
        tries++;
        throw new Error('down');
      }) as typeof buildSite,
      retryDelay: () => 60_000,
    });
    await expect(keeper.sync()).rejects.toThrow('down');
    await keeper.stop();
    expect(tries).toBe(1);
    expect(await readFailure(distDir)).toMatchObject({ tries: 1, reason: 'down' });
  });
});
