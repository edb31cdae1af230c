/**
 * `npm start`'s supervisor with real processes: the store's worker killed with SIGKILL is back and
 * serving, with the reason in the log; a second start on the same embedded database is refused
 * with its message and exit code, and does not loop; SIGTERM stops both processes.
 * The site is a hand-made page and the catalogue URL unreachable, so no build runs: the store
 * serves "the previous build".
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '#server/config.ts';
import { backoffMs, exitReason, REFUSED_EXIT_CODE } from './supervise.ts';
import { processRuns } from './pid-file.ts';
import { freePort, runScript, startStore, until, type Store } from './store-process.ts';

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

  it('starts the store again after a SIGKILL, and logs why; a request sent meanwhile waits for it instead of failing', async () => {
    const first = await until('the first worker serving', () => workers()[0], store);
    expect(await healthy()).toBe(true);
    process.kill(first, 'SIGKILL');
    // At once, while no store process serves: the primary holds the connection until one does.
    const meanwhile = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(meanwhile.status).toBe(200);
    const second = await until('a second worker serving', () => workers()[1], store);
    expect(second).not.toBe(first);
    expect(((await meanwhile.json()) as { data: { status: string } }).data.status).toBe('ok');
    expect(store.output()).toContain(`The store process ${first} stopped (signal SIGKILL). Starting it again`);
  });

  it("tells the primary's figures: the newest backup's age (+Inf while there is none), the crash, no connection waiting", async () => {
    const text = await (await fetch(`http://127.0.0.1:${port}/api/operator/metrics`)).text();
    expect(text).toMatch(/^kiryana_backup_age_seconds \+Inf$/m);
    expect(text.match(/^# TYPE kiryana_backup_age_seconds /gm)).toHaveLength(1);
    expect(text).toMatch(/^kiryana_store_process_exits_total\{reason="crash"\} 1$/m);
    expect(text).toMatch(/^kiryana_connections_waiting 0$/m);
  });

  it('refuses a port another program holds, with its message and exit code', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    try {
      const busy = (taken.address() as AddressInfo).port;
      const second = startStore({ ...env, PORT: String(busy), KIRYANA_DATA_DIR: join(root, 'other') });
      expect(await second.exited).toBe(REFUSED_EXIT_CODE);
      expect(second.output()).toContain(`Port ${busy} on 127.0.0.1 is in use by another program.`);
    } finally {
      taken.close();
    }
  });

  it('refuses a second start on the same embedded database, with its message and exit code, without a restart loop', async () => {
    const second = startStore({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(REFUSED_EXIT_CODE);
    expect(second.output()).toMatch(/The embedded database in .* is in use by another process/);
    expect(second.output().match(/Opening the embedded database/g)).toHaveLength(1);
    expect(await healthy()).toBe(true);
  });

  it('names no store on a port where none runs when asked to restart', async () => {
    const asked = await runScript('scripts/restart.ts', [], { ...env, PORT: String(await freePort()) });
    expect(asked.code).toBe(1);
    expect(asked.output).toMatch(/No store runs on port \d+ from this checkout/);
  });

  it('stops the worker and itself on SIGTERM', async () => {
    const worker = workers().at(-1)!;
    store.child.kill('SIGTERM');
    expect(await store.exited).toBe(0);
    expect(() => process.kill(worker, 0)).toThrow();
  });
});

describe('npm start in a terminal that is closed', () => {
  it('stops, primary and store process, rather than taking the hang-up for a restart', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-terminal-'));
    try {
      await mkdir(join(root, 'dist'), { recursive: true });
      await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
      const env = {
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        KIRYANA_DATA_DIR: join(root, 'pglite'),
        KIRYANA_DIST_DIR: join(root, 'dist'),
        KIRYANA_ARTWORK_DIR: join(root, 'artwork'),
        CATALOG_API_URL: 'http://127.0.0.1:9',
        DATABASE_URL: '',
        BACKUP_EVERY: '0',
      };
      // util-linux's `script` runs the store in a terminal of its own; killing it closes that terminal.
      const terminal = spawn('script', ['-qfec', `${join(ROOT, 'node_modules/.bin/node')} ${join(ROOT, 'src/runtime/start.ts')}`, '/dev/null'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      terminal.stdout.on('data', (c: Buffer) => (output += c.toString()));
      const store = { output: () => output } as Store;
      const [, worker, primary] = (await until('the store serving in the terminal', () => /Store process (\d+) is serving \(supervised by (\d+)\)/.exec(output) ?? undefined, store)).map(Number);
      terminal.kill('SIGKILL');
      const gone = (pid: number) => (processRuns(pid) ? undefined : true);
      await until('the primary gone', () => gone(primary), store, 30_000);
      await until('the store process gone', () => gone(worker), store, 30_000);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
