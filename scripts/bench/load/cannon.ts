/**
 * A load driver in a process of its own, so that it takes a core of its own and is never the
 * bottleneck of what it measures: autocannon (closed loop, `connections` keep-alive connections,
 * each sending its next request as soon as the previous reply is in), driven over IPC.
 *
 *   const result = await cannon({ origin, connections: 20, seconds: 5, paths: ['/api/health'], headers });
 *
 * The paths are sent in turn across all connections (every product, every cart). The result says
 * how much CPU the driver itself used, so a run shows whether the driver kept up.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import type { LoadResult } from './http-load.ts';

export interface CannonJob {
  origin: string;
  connections: number;
  seconds: number;
  /** Sent in turn, shared by all connections. */
  paths: readonly string[];
  headers?: Record<string, string>;
}

/** What one autocannon run gives: the figures of http-load's LoadResult that autocannon measures. */
export type CannonResult = Pick<LoadResult, 'requests' | 'errors' | 'statuses' | 'seconds' | 'perSecond' | 'p50' | 'p99' | 'driverCpu'>;

/** Runs one job in a fresh driver process and resolves with its result. */
export function cannon(job: CannonJob): Promise<CannonResult> {
  return new Promise((done, failed) => {
    const child = fork(import.meta.filename, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: CannonResult | undefined;
    child.once('message', (message) => (result = message as CannonResult));
    child.once('error', failed);
    child.once('exit', (code) => (result ? done(result) : failed(new Error(`the load driver exited (${code}) without a result`))));
    child.send(job);
  });
}

async function drive(job: CannonJob): Promise<CannonResult> {
  let next = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: job.origin,
    connections: job.connections,
    duration: job.seconds,
    headers: job.headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }) }],
  });
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const statuses: Record<string, number> = {};
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count;
  if (result.errors) statuses.ERR = result.errors;
  const answered = result.requests.total;
  return {
    requests: answered + result.errors,
    errors: result.non2xx + result.errors,
    statuses,
    seconds: result.duration,
    perSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    driverCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}

// Run as the driver process: one job from the parent, one result back.
if (process.send && process.argv[1] === import.meta.filename) {
  process.once('message', (job: CannonJob) => {
    void drive(job).then((result) => process.send!(result, () => process.disconnect()));
  });
}
