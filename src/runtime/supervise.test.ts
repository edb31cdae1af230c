/**
 * `npm start`'s supervisor with real processes: the store's worker killed with SIGKILL is back and
 * serving, with the reason in the log; a second start on the same embedded database is refused
 * with its message and exit code, and does not loop; SIGTERM stops both processes.
 * The site is a hand-made page and the catalogue URL unreachable, so no build runs: the store
 * serves "the previous build".
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, exitReason, REFUSED_EXIT_CODE } from './supervise.ts';
import { freePort, startStore, until, type Store } from './store-process.ts';

describe('exitReason and backoffMs', () => {
  it('say how a worker died, and wait longer after each quick crash up to 30 s', () => {
    expect(exitReason(null, 'SIGKILL')).toBe('signal SIGKILL');
    expect(exitReason(null, 'SIGABRT')).toBe('signal SIGABRT (out of memory?)');
    expect(exitReason(1, null, 'boom')).toBe('exit code 1: boom');
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(backoffMs)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});


describe('npm start under its supervisor', () => {
  let root: string;
  let env: Record<string, string>;
  let store: Store;
  let port: number;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-supervisor-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    port = await freePort();
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      KIRYANA_DATA_DIR: join(root, 'pglite'),
      KIRYANA_DIST_DIR: join(root, 'dist'),
      KIRYANA_ARTWORK_DIR: join(root, 'artwork'),
      CATALOG_API_URL: 'http://127.0.0.1:9', // unreachable: the build fails at once and the page above is served
      DATABASE_URL: '',
    };
    store = startStore(env);
  });

  afterAll(async () => {
    await store?.stop();
    await rm(root, { recursive: true, force: true });
  });

  const workers = () => [...store.output().matchAll(/Store process (\d+) is serving/g)].map((m) => Number(m[1]));
  const healthy = async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status === 200;

  it('starts the store again after a SIGKILL, and logs why', async () => {
    const first = await until('the first worker serving', () => workers()[0], store);
    expect(await healthy()).toBe(true);
    process.kill(first, 'SIGKILL');
    const second = await until('a second worker serving', () => workers()[1], store);
    expect(second).not.toBe(first);
    await until('health after the restart', healthy, store, 30_000);
    expect(store.output()).toContain(`The store process ${first} stopped (signal SIGKILL). Starting it again`);
  });

  it('refuses a second start on the same embedded database, with its message and exit code, without a restart loop', async () => {
    const second = startStore({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(REFUSED_EXIT_CODE);
    expect(second.output()).toMatch(/The embedded database in .* is in use by another process/);
    expect(second.output().match(/Opening the embedded database/g)).toHaveLength(1);
    expect(await healthy()).toBe(true);
  });

  it('stops the worker and itself on SIGTERM', async () => {
    const worker = workers().at(-1)!;
    store.child.kill('SIGTERM');
    expect(await store.exited).toBe(0);
    expect(() => process.kill(worker, 0)).toThrow();
  });
});
