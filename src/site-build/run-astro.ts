/** Runs Astro in a child process and reports its progress in a few lines. */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { ROOT } from './config.ts';

/** Peak resident set of a running process (VmHWM), in MiB; 0 when /proc is not there. */
async function peakRss(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds (user and system) of the children this process has waited for, from /proc/self/stat
 * (cutime and cstime, in clock ticks of 1/100 s); 0 where /proc is not there. The difference across
 * one build is what that build's process used: on a shared machine a steadier figure than wall time.
 */
async function childrenCpuSeconds(): Promise<number> {
  try {
    const stat = await readFile('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Node's flags for a build's Astro process. A product page leaves some 100 KB of short-lived
 * strings and buffers behind, and with eight pages in flight, Node's default young generation
 * (16 MB a half) was collected over 300 times a 10,000-product build, each time copying the pages
 * in flight: about 1.3 s of the build's one thread. At 128 MB a half it is collected under 100
 * times, for about half that (`node --trace-gc`), at some 100 MB more peak memory. The bench's
 * bare baseline "with the store's settings" runs with the same flags.
 */
export const BUILD_NODE_FLAGS = ['--max-semi-space-size=128'];

/**
 * Runs Astro (`args` after the node binary and its `flags`, BUILD_NODE_FLAGS unless given; at `niceness`
 * when given) with progress on `log`: one running page count
 * instead of thousands of lines. Resolves with the pages written, the peak memory and the CPU time
 * of the Astro process (cpuSeconds: meaningful when no other child of this process ends meanwhile).
 */
export async function runAstro(
  args: string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  cwd = ROOT,
  flags = BUILD_NODE_FLAGS,
  niceness?: number,
): Promise<{ pages: number; peakRssMb: number; cpuSeconds: number }> {
  const cpuBefore = await childrenCpuSeconds();
  const child = spawn(process.execPath, [...flags, ...args], {
    cwd,
    env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A store stopped in the middle of a build takes its build with it.
  const stopWithUs = () => child.kill('SIGKILL');
  process.once('exit', stopWithUs);
  child.once('close', () => process.off('exit', stopWithUs));
  if (niceness !== undefined && child.pid) {
    try {
      setPriority(child.pid, niceness);
    } catch {
      // Not allowed here (a priority above the store's own needs privileges): it runs as it is.
    }
  }
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    if (child.pid) void peakRss(child.pid).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)));
  }, 250);
  let pages = 0;
  const tail: string[] = [];
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    // Astro's own total is the count (its line a page is folded into a running count, build-log.ts).
    const built = /(\d+) page\(s\) built in/.exec(line);
    if (built) pages = Number(built[1]);
    if (/\[build\]|\[vite\]|\[kiryana-|error|warn|Complete|Completed/i.test(line)) log(`  ${line.replace(/^\d\d:\d\d:\d\d\s*/, '')}`);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split(/\r?\n/);
      buffered = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  return new Promise((done, failed) => {
    child.on('error', failed);
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code === 0) return void childrenCpuSeconds().then((cpu) => done({ pages, peakRssMb, cpuSeconds: cpu - cpuBefore }));
      const reason = tail.find((l) => /Could not read the catalogue/.test(l)) ?? tail.slice(-15).join('\n');
      failed(new Error(`The site build failed (exit ${code}).\n${reason}`));
    });
  });
}
