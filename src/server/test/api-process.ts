/**
 * Real API processes for tests and benchmarks: src/server/test/serve-api.ts as a child process on
 * a free loopback port, on PostgreSQL (`DATABASE_URL`) or an embedded data dir (`KIRYANA_DATA_DIR`).
 *
 *   const api = await startApiProcess({ KIRYANA_DATA_DIR: dir });
 *   await fetch(`${api.origin}/api/health/live`); ... api.kill('SIGKILL'); await api.exited;
 *
 * Resolves once the process prints `listening on {port}` *and* answers GET /api/health (polled, so a
 * loaded machine only makes it slower, never flaky). Rejects with the process's output if it exits
 * first or is not ready within `readyTimeoutMs`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '#server/config.ts';

export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  /** The processes that serve: with WORKERS=N its N workers, otherwise `pid` alone. */
  pids: number[];
  origin: string;
  /** The last 64 KB it printed (stdout and stderr): without SMTP_URL every order's mail is printed. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** SIGTERM (clean close of the database) and wait; a no-op once exited. */
  stop(): Promise<void>;
}

/**
 * `root`: the checkout whose serve-api.ts to run (default this one; a benchmark runs an older
 * revision's beside it to compare).
 */
export async function startApiProcess(env: Record<string, string>, { readyTimeoutMs = 120_000, root = ROOT } = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, [join(root, 'src/server/test/serve-api.ts')], {
    cwd: root,
    // DATABASE_URL from the caller's environment must not leak into a PGlite child, nor the reverse.
    // The load arrives as through a proxy on this machine: each planned order names its shopper's
    // address in X-Forwarded-For (order-load.ts), so the per-client limits see many shoppers.
    env: { ...process.env, DATABASE_URL: '', KIRYANA_DATA_DIR: '', TRUST_PROXY: '127.0.0.1', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 128 * 1024) output = output.slice(-64 * 1024);
  };
  const exited = new Promise<number | NodeJS.Signals | null>((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  // A process that never becomes ready is not left running behind a failed test.
  const abandon = (err: unknown) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw err;
  };
  const port = await new Promise<string>((done, failed) => {
    const timer = setTimeout(() => failed(new Error(`serve-api did not listen within ${readyTimeoutMs} ms:\n${output}`)), readyTimeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      const found = /listening on (\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    });
    child.stderr!.on('data', keep);
    void exited.then((code) => {
      clearTimeout(timer);
      failed(new Error(`serve-api exited (${code}) before listening:\n${output}`));
    });
  }).catch(abandon);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(origin, readyTimeoutMs).catch(abandon);
  return {
    child,
    pid: child.pid!,
    pids: /listening on \d+ \(\d+ processes: ([\d, ]+)\)/.exec(output)?.[1].split(', ').map(Number) ?? [child.pid!],
    origin,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls GET /api/health (which reads the database) until it answers 200. */
export async function waitUntilHealthy(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${origin}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`${origin}/api/health did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
