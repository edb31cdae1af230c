/**
 * The same load as cannon.ts from wrk (Debian's `wrk`, written in C): a driver that needs a
 * fraction of autocannon's CPU for a request, so on a machine of two cores the server, not the
 * driver, sets the pace. wrk runs one thread with `connections` keep-alive connections, closed
 * loop; a Lua script sends `paths` in turn and, when the run is over, prints its figures as one
 * line of JSON, which this reads back.
 *
 *   const result = await wrk({ origin, connections: 20, seconds: 5, paths: ['/api/health'], headers });
 *
 * The driver's CPU is read from /proc just before the run ends (wrk is gone after it), over the
 * time until then.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CannonJob, CannonResult } from './cannon.ts';
import { cpuSecondsOfAll } from './http-load.ts';

/** Whether `wrk` is on the PATH (`apt-get install wrk`). */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** A Lua string literal. */
const lua = (text: string) => JSON.stringify(text);

function script(job: CannonJob): string {
  return [
    `local paths = {${job.paths.map(lua).join(',')}}`,
    ...Object.entries(job.headers ?? {}).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    // One path: wrk's own request (the URL's), made once; several: made in Lua, in turn.
    ...(job.paths.length === 1 ? [] : ['local i = 0', 'request = function()', '  i = i % #paths + 1', '  return wrk.format("GET", paths[i])', 'end']),
    // No response(): with one, wrk would run Lua for every reply; its own count of replies that are
    // not 2xx or 3xx (errors.status) is what the run needs.
    'done = function(summary, latency)',
    '  local e = summary.errors',
    '  io.write(string.format("WRK-RESULT {\\"requests\\":%d,\\"micros\\":%d,\\"socketErrors\\":%d,\\"non2xx\\":%d,\\"p50\\":%d,\\"p99\\":%d}\\n",',
    '    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50), latency:percentile(99)))',
    'end',
  ].join('\n');
}

/** One run of `job` under wrk; resolves with the same figures as cannon(). */
export async function wrk(job: CannonJob): Promise<CannonResult> {
  const dir = await mkdtemp(join(tmpdir(), 'kiryana-wrk-'));
  try {
    const file = join(dir, 'paths.lua');
    await writeFile(file, script(job));
    const child = spawn('wrk', ['-t1', `-c${job.connections}`, `-d${job.seconds}s`, '-s', file, job.paths.length === 1 ? job.origin + job.paths[0] : job.origin], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = performance.now();
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    // The driver's CPU, sampled a little before wrk stops.
    await new Promise((done) => setTimeout(done, Math.max(0, job.seconds * 1000 - 250)));
    const cpu = await cpuSecondsOfAll([child.pid!]);
    const cpuElapsed = (performance.now() - started) / 1000;
    const code = await exited;
    const line = output.split('\n').find((l) => l.startsWith('WRK-RESULT '));
    if (!line) throw new Error(`wrk exited (${code}) without a result:\n${output}`);
    const r = JSON.parse(line.slice('WRK-RESULT '.length)) as { requests: number; micros: number; socketErrors: number; non2xx: number; p50: number; p99: number };
    const seconds = r.micros / 1e6;
    const statuses: Record<string, number> = { '2xx/3xx': r.requests - r.non2xx };
    if (r.non2xx) statuses['other'] = r.non2xx;
    if (r.socketErrors) statuses.ERR = r.socketErrors;
    return {
      requests: r.requests + r.socketErrors,
      errors: r.non2xx + r.socketErrors,
      statuses,
      seconds,
      perSecond: r.requests / seconds,
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      driverCpu: cpu === undefined ? NaN : cpu / cpuElapsed,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
