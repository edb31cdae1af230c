/** A bench's server in a process of its own: started, and resolved once it prints the port it listens on. */
import { spawn } from 'node:child_process';
import { ROOT } from '#server/config.ts';

export interface ListeningChild {
  origin: string;
  pid: number;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

/** Runs `script` (with `args`) on `port`; it must print `listening on <port>` once it serves. */
export async function startListening(script: string, args: string[], port: number): Promise<ListeningChild> {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const found = await new Promise<string>((done, failed) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const listening = /listening on (\d+)/.exec(out)?.[1];
      if (listening) done(listening);
    });
    child.once('exit', (code) => failed(new Error(`${script} exited (${code})`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  return { origin: `http://127.0.0.1:${found}`, pid: child.pid!, stop: async () => void (child.kill('SIGTERM'), await exited) };
}
