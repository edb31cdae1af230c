/**
 * A closed-loop HTTP load driver: `concurrency` clients, each sending its next request as soon as
 * the previous reply has been read, over keep-alive connections (node:http, one socket a client).
 * Light on CPU on purpose (no WHATWG fetch streams), and it reports its own CPU so a run can show
 * that the driver was not the bottleneck.
 *
 *   const result = await runLoad({ origin, concurrency: 16, seconds: 10, request: () => ({ method: 'GET', path: '/api/health/live' }) });
 */
import http from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** Where to send; with several (one a server process), client i sends to origin i mod n. */
  origin: string | readonly string[];
  concurrency: number;
  seconds: number;
  /** Makes each request (a new Idempotency-Key, say). */
  request: () => LoadRequest;
  /** Told about each reply (status, and the body for the few callers that need it). */
  onReply?: (status: number, body: string) => void;
  /** A reply with another status counts as an error (default: 2xx). */
  ok?: (status: number) => boolean;
  /** Processes to sample CPU of while the load runs (the servers: their CPU is added up). */
  serverPid?: number | readonly number[];
  /**
   * More processes to add, asked at the start and at the end (a database's backends, which come and
   * go): one present only at the end counts with all its CPU, one gone by then with none.
   */
  morePids?: () => Promise<readonly number[]>;
}

export interface LoadResult {
  requests: number;
  /** Replies the run does not count as ok, plus requests without a reply (connection errors, timeouts). */
  errors: number;
  /** Status → count, `ERR` for requests without a reply. */
  statuses: Record<string, number>;
  seconds: number;
  perSecond: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** CPU used while measuring, as a share of one core (1 = one core busy). */
  driverCpu: number;
  serverCpu?: number;
  /** The CPU of `morePids` (share of one core), when given. */
  moreCpu?: number;
  /** Every reply's latency, ms, ascending (to merge runs). */
  latencies: Float64Array;
}

/** utime + stime of a Linux process, in seconds (undefined elsewhere). */
async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  try {
    const { readFile } = await import('node:fs/promises');
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

export const quantile = (sorted: Float64Array, q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);

/** utime + stime of each process still running, by pid. */
async function cpuByPid(pids: readonly number[]): Promise<Map<number, number>> {
  const each = await Promise.all(pids.map(async (pid) => [pid, await cpuSecondsOf(pid)] as const));
  return new Map(each.filter((e): e is readonly [number, number] => e[1] !== undefined));
}

/** utime + stime of several processes, added up; undefined if any is unknown. */
export async function cpuSecondsOfAll(pids: readonly number[]): Promise<number | undefined> {
  const each = await Promise.all(pids.map(cpuSecondsOf));
  return each.some((s) => s === undefined) ? undefined : each.reduce((t, s) => t! + s!, 0);
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const urls = (typeof options.origin === 'string' ? [options.origin] : options.origin).map((o) => new URL(o));
  const serverPids = options.serverPid === undefined ? [] : typeof options.serverPid === 'number' ? [options.serverPid] : options.serverPid;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency, maxFreeSockets: options.concurrency });
  const ok = options.ok ?? ((s: number) => s >= 200 && s < 300);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;

  const send = (url: URL, r: LoadRequest) =>
    new Promise<{ status: number; body: string }>((done, failed) => {
      const req = http.request(
        { host: url.hostname, port: url.port, method: r.method, path: r.path, agent, headers: { ...(r.body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(r.body) } : {}), ...r.headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on('error', failed);
        },
      );
      req.on('error', failed);
      req.end(r.body);
    });

  const cpuStart = process.cpuUsage();
  const serverStart = serverPids.length ? await cpuSecondsOfAll(serverPids) : undefined;
  const moreStart = options.morePids ? await cpuByPid(await options.morePids()) : undefined;
  const started = performance.now();
  const stopAt = started + options.seconds * 1000;
  const client = async (_: unknown, index: number) => {
    const url = urls[index % urls.length];
    while (performance.now() < stopAt) {
      const t0 = performance.now();
      try {
        const { status, body } = await send(url, options.request());
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!ok(status)) errors++;
        options.onReply?.(status, body);
      } catch {
        statuses.ERR = (statuses.ERR ?? 0) + 1;
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const serverEnd = serverPids.length ? await cpuSecondsOfAll(serverPids) : undefined;
  let moreCpu: number | undefined;
  if (options.morePids && moreStart) {
    const end = await cpuByPid(await options.morePids());
    moreCpu = [...end].reduce((t, [pid, seconds]) => t + seconds - (moreStart.get(pid) ?? 0), 0) / elapsed;
  }
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  const requests = latencies.length + (statuses.ERR ?? 0);
  return {
    requests,
    errors,
    statuses,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    driverCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    serverCpu: serverStart !== undefined && serverEnd !== undefined ? (serverEnd - serverStart) / elapsed : undefined,
    moreCpu,
    latencies: sorted,
  };
}

/** Runs of one endpoint as one: counts and CPU time added up, percentiles over every reply. */
export function mergeResults(runs: readonly LoadResult[]): LoadResult {
  const seconds = runs.reduce((t, r) => t + r.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const latencies = Float64Array.from(runs.flatMap((r) => [...r.latencies])).sort();
  const weighted = (pick: (r: LoadResult) => number | undefined) =>
    runs.every((r) => pick(r) !== undefined) ? runs.reduce((t, r) => t + pick(r)! * r.seconds, 0) / seconds : undefined;
  return {
    requests: runs.reduce((t, r) => t + r.requests, 0),
    errors: runs.reduce((t, r) => t + r.errors, 0),
    statuses,
    seconds,
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    driverCpu: weighted((r) => r.driverCpu)!,
    serverCpu: weighted((r) => r.serverCpu),
    moreCpu: weighted((r) => r.moreCpu),
    latencies,
  };
}

/** A CPU share (1 = one core busy) as a whole percentage; `n/a` when it was not measured. */
export const pct = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)} %`);
/** Milliseconds to one decimal. */
export const ms = (v: number) => v.toFixed(1);
/** The middle value (the lower of the two middle ones for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
/** Ratios over the rounds as a percentage: the median and, in brackets, the range. */
export const share = (xs: number[]) => `${(median(xs) * 100).toFixed(1)} % (${(Math.min(...xs) * 100).toFixed(1)}–${(Math.max(...xs) * 100).toFixed(1)})`;
