/**
 * `npm start` as a real process started under umask 000 (the most permissive): its embedded
 * database's folder and everything in it are the store's user's alone, and so are the lock and the
 * operator channel; files found open at a start are closed and the log says so; an operator channel
 * file planted open to others is not used (its key is never written there), and the commands refuse
 * to read one. The site is a hand-made page and the catalogue URL unreachable: no build runs.
 */
import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openedFilesLine } from '#server/db/private-folder.ts';
import { channelPath, readChannel } from '#server/operator-channel.ts';
import { freePort, startStore, until, type Store } from './store-process.ts';

/** Every folder and file under `dir` (itself included) with its mode. */
function modesUnder(dir: string): { path: string; dir: boolean; mode: number }[] {
  const stats = lstatSync(dir);
  const here = { path: dir, dir: stats.isDirectory(), mode: stats.mode & 0o777 };
  if (!here.dir) return stats.isFile() ? [here] : [];
  return [here, ...readdirSync(dir).flatMap((name) => modesUnder(join(dir, name)))];
}

/** What is not private: a folder not 0700, a file with a group or other bit. */
const openOnes = (dir: string) => modesUnder(dir).filter((e) => (e.dir ? e.mode !== 0o700 : (e.mode & 0o077) !== 0));

describe('the embedded database of a store started under umask 000', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string>;
  let store: Store | undefined;
  let port: number;

  /** npm start with umask 000: the child takes the umask this process has when it starts it. */
  const startPermissive = () => {
    const before = process.umask(0o000);
    try {
      return startStore(env);
    } finally {
      process.umask(before);
    }
  };
  const healthy = async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status === 200;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-modes-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    dataDir = join(root, 'pglite');
    port = await freePort();
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      KIRYANA_DATA_DIR: dataDir,
      KIRYANA_DIST_DIR: join(root, 'dist'),
      KIRYANA_ARTWORK_DIR: join(root, 'artwork'),
      CATALOG_API_URL: 'http://127.0.0.1:9', // unreachable: the build fails at once and the page above is served
      DATABASE_URL: '',
    };
  });

  afterEach(async () => {
    // Stopped however a test ended: the next one starts its own on the same folder and port.
    await store?.stop();
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates its data folder 0700 and every file in it 0600, the lock and the operator channel too', async () => {
    store = startPermissive();
    await until('the store serving', healthy, store);
    const entries = modesUnder(dataDir);
    // The database's files, its write-ahead log among them.
    expect(entries.filter((e) => !e.dir).length).toBeGreaterThan(500);
    expect(entries.some((e) => e.path.includes('pg_wal'))).toBe(true);
    expect(openOnes(dataDir)).toEqual([]);
    expect(statSync(channelPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(`${dataDir}.lock`).mode & 0o777).toBe(0o600);
    expect(store.output()).not.toContain('other users of this machine could read or write');
  });

  it('closes what it finds open at a start, and says so in one line', async () => {
    const entries = modesUnder(dataDir);
    for (const entry of entries) chmodSync(entry.path, entry.dir ? 0o777 : 0o666);
    store = startPermissive();
    await until('the store serving', healthy, store);
    expect(store.output()).toContain(`▸ ${openedFilesLine(dataDir, entries.length)}`);
    expect(openOnes(dataDir)).toEqual([]);
  });

  it('never uses an operator channel file planted open to others: the commands refuse to read it, and the store writes its key to a new file of its own', async () => {
    const path = channelPath(dataDir);
    const planted = JSON.stringify({ url: 'http://127.0.0.1:9', key: 'p'.repeat(43), pid: process.pid });
    await writeFile(path, planted);
    chmodSync(path, 0o644);
    expect(() => readChannel(dataDir)).toThrow(`The operator channel file ${path} is not trusted: other users may read or write it (mode 0644).`);

    store = startPermissive();
    await until('the store serving', healthy, store);
    const channel = readChannel(dataDir)!;
    expect(channel.url).toBe(`http://127.0.0.1:${port}`);
    expect(channel.key).not.toBe('p'.repeat(43));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).not.toContain('p'.repeat(43));
  });
});
