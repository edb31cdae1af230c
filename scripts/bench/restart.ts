/**
 * `npm run bench:restart -- [--kills 5]`: how long the store is gone when its process dies. Starts
 * `npm start`'s script on a fresh embedded database (a hand-made page, no build), SIGKILLs the
 * store's worker N times, and prints the time from each kill to the first 200 from /api/health.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '#server/config.ts';
import { QUICK_CRASH_MS } from '#runtime/supervise.ts';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '5' } } });
const kills = Number(values.kills);

const port = await new Promise<number>((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address() as { port: number };
    s.close(() => done(p));
  });
});
const root = await mkdtemp(join(tmpdir(), 'kiryana-bench-restart-'));
await mkdir(join(root, 'dist'), { recursive: true });
await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', KIRYANA_DATA_DIR: join(root, 'pglite'), KIRYANA_DIST_DIR: join(root, 'dist'), KIRYANA_ARTWORK_DIR: join(root, 'artwork'), CATALOG_API_URL: 'http://127.0.0.1:9', DATABASE_URL: '' };
const child = spawn(join(ROOT, 'node_modules/.bin/node'), [join(ROOT, 'src/runtime/start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (c: Buffer) => (output += c.toString()));
child.stderr.on('data', (c: Buffer) => (output += c.toString()));

const serving = () => [...output.matchAll(/Store process (\d+) is serving/g)].map((m) => Number(m[1]));
const healthy = async () => (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) }).catch(() => undefined))?.status === 200;
const sleep = (ms: number) => new Promise((d) => setTimeout(d, ms));

while (serving().length === 0) await sleep(50);
const times: number[] = [];
for (let i = 0; i < kills; i++) {
  // Each kill comes after the worker has served past QUICK_CRASH_MS: an isolated crash, restarted
  // at once (a crash loop waits, by design).
  const pid = serving().at(-1)!;
  const started = performance.now();
  process.kill(pid, 'SIGKILL');
  while (serving().at(-1) === pid || !(await healthy())) await sleep(20);
  times.push(performance.now() - started);
  console.log(`kill ${i + 1}: back in ${Math.round(times.at(-1)!)} ms`);
  await sleep(QUICK_CRASH_MS + 500);
}
child.kill('SIGTERM');
await new Promise((d) => child.once('exit', d));
await rm(root, { recursive: true, force: true, maxRetries: 5 });
const sorted = [...times].sort((a, b) => a - b);
console.log(`\n${kills} kills: median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, max ${Math.round(sorted.at(-1)!)} ms from SIGKILL to a 200 from /api/health`);
