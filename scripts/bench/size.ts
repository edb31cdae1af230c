/**
 * `npm run bench:size [-- --origin http://127.0.0.1:4321] [--port 4451] [--verbose]`: the
 * JavaScript each page type costs before any interaction on a phone (375 px, Chromium), gzip -9,
 * against its budget, and the gzipped HTML of the page types that have an HTML budget (product
 * and category pages; scripts/lib/js-size/measure.ts says how both are measured). Prints a table
 * and exits non-zero when a page is over a budget. A page built by another part of the store that
 * is not there yet (404) is reported MISSING and does not fail the run.
 *
 * Without `--origin` it starts a store of its own (`npm start` on a database and build of its own
 * in .cache/bench-size, kept between runs so a second run only rebuilds what changed) and stops it
 * at the end. e2e/budgets.spec.ts runs the same measurement in the e2e suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices } from '@playwright/test';
import { ROOT } from '#server/config.ts';
import { measurePage, pagesToMeasure, sizeTable, type PageSize } from '../lib/js-size/measure.ts';

const { values } = parseArgs({
  options: {
    origin: { type: 'string' },
    port: { type: 'string', default: '4451' },
    verbose: { type: 'boolean', default: false },
  },
});

let store: ChildProcess | undefined;
const origin = values.origin?.replace(/\/+$/, '') ?? `http://127.0.0.1:${values.port}`;

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function startStore(): Promise<void> {
  const dir = join(ROOT, '.cache/bench-size');
  console.log(`Starting a store on ${origin} (data and build in ${dir})…`);
  store = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: values.port,
      HOST: '127.0.0.1',
      KIRYANA_DATA_DIR: join(dir, 'pglite'),
      KIRYANA_DIST_DIR: join(dir, 'dist'),
      SITE_URL: origin,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  });
  let log = '';
  for (const stream of [store.stdout!, store.stderr!]) stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let exited = false;
  store.on('exit', () => (exited = true));
  const deadline = Date.now() + 300_000;
  // The store answers / with 200 once the build is in place.
  while (!(log.includes('Kiryana is open') && (await answers(`${origin}/`)))) {
    if (exited || Date.now() > deadline) throw new Error(`The store did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function stopStore(): void {
  if (store?.pid && store.exitCode === null) {
    try {
      process.kill(-store.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

let rows: PageSize[] = [];
try {
  if (!values.origin) await startStore();
  const pages = await pagesToMeasure(async (path) => (await fetch(origin + path)).json());
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (const page of pages) {
    const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 375, height: 812 } });
    const row = await measurePage(await context.newPage(), origin, page);
    await context.close();
    rows.push(row);
    if (values.verbose) for (const s of row.scripts) console.log(`  ${page.type}: ${s.url} ${(s.gzipBytes / 1024).toFixed(1)} KB`);
  }
  await browser.close();
} finally {
  stopStore();
}

console.log(`\nJavaScript before any interaction, phone viewport (375 px), and the HTML document, gzip -9, at ${origin}\n`);
console.log(sizeTable(rows));
const over = rows.filter((r) => r.verdict === 'OVER');
const missing = rows.filter((r) => r.verdict === 'MISSING');
if (missing.length) console.log(`\nMissing (404, not built on this branch): ${missing.map((r) => r.path).join(', ')}`);
if (over.length) {
  const what = (r: PageSize) => [r.totalBytes > r.budgetBytes && 'JavaScript', r.htmlBudgetBytes && r.htmlBytes > r.htmlBudgetBytes && 'HTML'].filter(Boolean).join(' and ');
  console.error(`\n✗ Over budget: ${over.map((r) => `${r.type} (${what(r)})`).join(', ')}`);
  process.exit(1);
}
console.log('\n✓ Every page is within its budget.');
process.exit(0);
