/**
 * `npm start` as a real child process, for the tests of its supervisor: a free port to give it, the
 * process with everything it printed, and a wait for something to happen that fails with that output;
 * and the repository's other scripts run the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '#server/config.ts';

const NODE = join(ROOT, 'node_modules/.bin/node');

/** Runs one of the repository's scripts (`scripts/backup.ts`, …) to its end: its exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(NODE, [join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

export const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export interface Store {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM (the store's clean stop) and wait; a no-op once exited. */
  stop(): Promise<void>;
}

/** `detached`: the store and its workers in a process group of their own (a test may SIGKILL them all at once). */
export function startStore(env: Record<string, string>, { detached = false } = {}): Store {
  const child = spawn(NODE, [join(ROOT, 'src/runtime/start.ts')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    child,
    output: () => text,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, store: Store, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${store.output()}`);
    await new Promise((d) => setTimeout(d, 100));
  }
}
