/**
 * Lighthouse's performance category for one URL, as its default (mobile) form factor and
 * simulated throttling score it, in the Chromium Playwright drives (Debian's where present),
 * reached over a DevTools port. Lighthouse 12 is pinned: 13 needs a newer Node than the project's
 * lock allows everywhere.
 *
 * The score is the host's too: simulated throttling multiplies the CPU time the page really took,
 * so a machine busy with other work scores every page lower. Compare a page with a reference page
 * measured in the same run, never with a figure from another day.
 */
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

export interface LighthouseRun {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** What Lighthouse said went wrong, if anything (an audit it could not run). */
  warnings: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One Lighthouse run of `url` in a fresh browser (nothing cached). A run whose trace Lighthouse
 * could not read (it says so, e.g. NO_NAVSTART on a loaded machine) is run again, twice at most.
 */
export async function lighthousePerformance(url: string, executablePath?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, executablePath);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function lighthouseOnce(url: string, executablePath?: string): Promise<LighthouseRun> {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`] });
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      cls: metric('cumulative-layout-shift'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      fcpMs: metric('first-contentful-paint'),
      warnings: lhr.runWarnings,
    };
  } finally {
    await browser.close();
  }
}
