/**
 * `npm run bench:slow-phone -- [--products 1000] [--runs 3] [--only NAME] [--verbose] [--keep]`:
 * generates a catalogue into a fresh embedded database, builds the store from its API, serves it
 * on loopback and opens its pages in Chromium as a slow phone (CDP: 400 ms latency, 400 kbps each
 * way, the CPU slowed 6×; 375 px, touch), acting at once, as shoppers do: the page is tapped (its
 * main control, or its heading) as soon as it first paints, which is also what loads the chrome's
 * handlers, and again each second while something is missing. For each page it records, from
 * inside the page (a MutationObserver started before the page's own scripts), when the handlers of
 * its main controls are in place, as each page announces it:
 *   every page      the chrome's `data-chrome-ready` on <html> (its click replay is in place);
 *   category        the controls' early script listening (`data-controls-ready` on the island);
 *                   and the first sort, from the tap on the select to the grid sorted and not busy;
 *   product         the buy box wired (its Add to Cart given `data-idle-text` by buy-box.ts);
 *   search ?q=rice  the first result card drawn;
 *   review, checkout and sign-in forms  the form's island mounted (`data-ready`), woken by the tap.
 * Each figure is the median of `--runs` loads, each in a fresh browser context (nothing cached),
 * and the same pages unthrottled (1280 px, no touch) in the same run are the baseline. Times are
 * from navigation start; a page that never announces within 60 s is reported so.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { replaceWithGenerated } from '../lib/catalog/generate.ts';
import { buildSite } from '#site-build/build-site.ts';
import { openDatabase } from '#server/db/client.ts';
import { startServer } from '#server/main.ts';
import { ROOT } from '#server/config.ts';
import { paths } from '#lib/paths.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    /** Each load's figures as it is measured, and when each script came. */
    verbose: { type: 'boolean', default: false },
    /** Only the pages whose name contains this. */
    only: { type: 'string', default: '' },
  },
});
const runs = Math.max(1, Number(values.runs));
const work = join(ROOT, '.cache/bench-slow-phone');
const dist = join(work, 'dist');
const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WAIT_MS = 60_000;

const CHROME = 'html[data-chrome-ready]';
const FORM_READY = '[data-account-island][data-ready]';

interface Scenario {
  /** The table's first column. */
  name: string;
  path: string;
  /** What must be in place before a tap works, besides the chrome. */
  ready: string[];
  /**
   * Tapped as soon as the page first paints: the first interaction is what loads the chrome's
   * handlers (and wakes an island), so a tap works from when they announce it after this.
   */
  tap: string;
  /** The page's action: a sort chosen on the tapped select, the grid it should lead to. */
  sort?: { value: string; done: string };
  /** A cart line stored before the page opens (checkout shows its form only with one). */
  cart?: { productId: string; productTitle: string; price: number; quantity: number; images: string[] };
  /** Shown in the table: what was measured. */
  what: (m: Measure) => string;
}

interface Measure {
  firstPaint: number;
  /** Everything in place: the chrome and the page's own. */
  ready: number;
  /** The page's own signals only (its controls, its island), without the chrome. */
  own: number;
  /** Tap (or first paint) to the action's result. */
  action?: number;
  /** Taps made before the page announced everything (the first one at first paint). */
  taps: number;
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');

await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
const database = await openDatabase({ dataDir: join(work, 'pglite') });
await replaceWithGenerated(database.db, Number(values.products), 42);
const server = await startServer({ database, port: 0, distDir: dist });
const origin = server.url.replace(/\/$/, '');
const built = await buildSite({ apiUrl: origin, distDir: dist, log: () => {} });
console.log(`catalogue: ${Number(values.products).toLocaleString('en')} products; build: ${built.pages.toLocaleString('en')} pages in ${built.seconds.toFixed(1)} s`);

const scenarios = (await makeScenarios()).filter((sc) => sc.name.includes(values.only));
const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
try {
  const table: string[][] = [];
  for (const scenario of scenarios) {
    const slow: Measure[] = [];
    const fast: Measure[] = [];
    for (let i = 0; i < runs; i++) {
      slow.push(await measure(browser, scenario, true));
      fast.push(await measure(browser, scenario, false));
    }
    const pick = (list: Measure[]): Measure => ({
      firstPaint: median(list.map((m) => m.firstPaint)),
      ready: median(list.map((m) => m.ready)),
      own: median(list.map((m) => m.own)),
      action: scenario.sort || scenario.path.startsWith('/search') ? median(list.map((m) => m.action ?? NaN)) : undefined,
      taps: median(list.map((m) => m.taps)),
    });
    const tapsNote = (m: Measure) => (m.taps > 1 ? ` (${m.taps} taps)` : '');
    const [m, b] = [pick(slow), pick(fast)];
    table.push([scenario.name, scenario.what(m), `${s(m.firstPaint)} → ${s(m.ready)}${tapsNote(m)}`, `${scenario.what(b)}; ${s(b.firstPaint)} → ${s(b.ready)}${tapsNote(b)}`]);
    console.log(`  measured ${scenario.name}`);
  }
  const today = new Date().toISOString().slice(0, 10);
  console.log(`\nSlow phone (CDP: 400 ms latency, 400 kbps, CPU 6×, 375 px, touch), ${runs} runs each, median, ${today}; baseline: unthrottled, 1280 px`);
  console.log('| page: action | what happened | first paint → a tap works | unthrottled |');
  console.log('|---|---|---|---|');
  for (const row of table) console.log(`| ${row.join(' | ')} |`);
} finally {
  await browser.close();
  await server.close();
  await database.close();
  if (!values.keep) await rm(work, { recursive: true, force: true });
}

/** The pages, from the catalogue just built: its biggest category, a product of it, its first sort. */
async function makeScenarios(): Promise<Scenario[]> {
  const categories = (await (await fetch(`${origin}/api/category`)).json()).data as { _id: string; productCount: number }[];
  const category = [...categories].sort((a, b) => b.productCount - a.productCount)[0];
  const sorted = (await (await fetch(`${origin}/api/products?category=${encodeURIComponent(category._id)}&sortBy=price&sortOrder=asc&limit=1`)).json()).data.products as { _id: string; name: string; price: number }[];
  const cheapest = sorted[0]._id;
  const sortedGrid = (list: string) => `[data-testid="${list}"][aria-busy="false"] > li:first-child [data-product-id="${cheapest}"]`;
  const product = paths.product(cheapest);
  const chrome = (m: Measure) => `chrome ready ${s(m.ready - m.firstPaint)} after first paint`;
  const own = (what: string) => (m: Measure) => `${what} ${s(m.own - m.firstPaint)} after first paint, all ${s(m.ready - m.firstPaint)}`;
  return [
    { name: 'home', path: '/', ready: [], tap: ':is(main h1, main h2):not(.sr-only)', what: chrome },
    {
      name: 'category: sort',
      path: paths.category(category._id),
      ready: [`[data-island="category-controls"][data-controls-ready]`],
      tap: '#listing-sort',
      sort: { value: 'price-asc', done: `${sortedGrid('product-grid')}, ${sortedGrid('listing-results')}` },
      what: (m) => `first sort: tap → sorted grid ${s(m.action ?? NaN)}; controls answer ${s(m.own - m.firstPaint)} after first paint`,
    },
    { name: 'product', path: product, ready: ['[data-buy-box] [data-add-to-cart][data-idle-text]'], tap: 'main h1', what: own('buy box ready') },
    {
      name: 'search `?q=rice`',
      path: `${paths.searchPage()}?q=rice`,
      ready: ['[data-testid="search-results"] [data-testid="product-card"]'],
      tap: 'main h1',
      what: (m) => `results ${s(m.action ?? NaN)} after first paint (usable: no React needed)`,
    },
    { name: 'product: review form', path: `${product}#reviews`, ready: ['[data-testid="reviews"][data-ready]'], tap: '[data-testid="reviews"] h2', what: own('reviews island ready') },
    {
      name: 'checkout form',
      path: paths.checkout(),
      cart: { productId: cheapest, productTitle: sorted[0].name, price: sorted[0].price, quantity: 1, images: [] },
      ready: [FORM_READY], tap: 'form[aria-label="Checkout"] input:visible', what: own('form island ready') },
    { name: 'sign-in form', path: paths.signin(), ready: [FORM_READY], tap: 'form input', what: own('form island ready') },
  ];
}

/** Records, from before the page's scripts, when each selector first matches and when the first tap came. */
function watch(selectors: string[]): void {
  const w = window as unknown as { __seen: Record<string, number>; __tapAt?: number };
  w.__seen = {};
  const check = () => {
    for (const sel of selectors) if (!(sel in w.__seen) && document.querySelector(sel)) w.__seen[sel] = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  addEventListener('touchstart', () => (w.__tapAt ??= performance.now()), { capture: true, passive: true });
  addEventListener('pointerdown', () => (w.__tapAt ??= performance.now()), { capture: true, passive: true });
}

async function measure(browser: Browser, scenario: Scenario, slow: boolean): Promise<Measure> {
  const context = await browser.newContext(
    slow ? { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } },
  );
  const page = await context.newPage();
  try {
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    }
    const selectors = [CHROME, ...scenario.ready, ...(scenario.sort ? [scenario.sort.done] : [])];
    await page.addInitScript(watch, selectors);
    if (scenario.cart) await page.addInitScript((line) => localStorage.setItem('guestCart', JSON.stringify([line])), scenario.cart);
    await page.goto(origin + scenario.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: WAIT_MS });
    const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
    // A tap that cannot be made leaves its figures at 'never'.
    await act(page, scenario).catch((e: Error) => console.log(`    ${scenario.name}: ${e.message.split('\n')[0]}`));
    const seen = await waitFor(page, scenario, selectors, slow);
    const ready = Math.max(...[CHROME, ...scenario.ready].map((sel) => seen[sel] ?? NaN));
    const own = scenario.ready.length ? Math.max(...scenario.ready.map((sel) => seen[sel] ?? NaN)) : ready;
    const taps = await page.evaluate(() => (window as unknown as { __taps?: number }).__taps ?? 1);
    if (values.verbose) {
      const tapAt = await page.evaluate(() => (window as unknown as { __tapAt?: number }).__tapAt ?? NaN);
      console.log(`    ${scenario.name} ${slow ? 'slow' : 'fast'}: first paint ${s(firstPaint)}, first tap ${s(tapAt)}, ${taps} tap(s), seen ${JSON.stringify(seen)}`);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\.js$|\/api\//.test(e.name))
          .map((e) => `${new URL(e.name).pathname.replace('/_astro/', '').slice(0, 40)} ${(e.startTime / 1000).toFixed(1)}→${((e as PerformanceResourceTiming).responseEnd / 1000).toFixed(1)}`),
      );
      console.log(`      ${scripts.join('; ')}`);
    }
    if (scenario.sort) {
      const tapAt = await page.evaluate(() => (window as unknown as { __tapAt?: number }).__tapAt ?? NaN);
      return { firstPaint, ready, own, taps, action: (seen[scenario.sort.done] ?? NaN) - tapAt };
    }
    return { firstPaint, ready, own, taps, action: scenario.path.startsWith('/search') ? (seen[scenario.ready[0]] ?? NaN) - firstPaint : undefined };
  } finally {
    await context.close();
  }
}

/** The shopper's tap at first paint (and the sort chosen on the select it opened). */
async function act(page: Page, scenario: Scenario): Promise<void> {
  const target = page.locator(scenario.tap).first();
  if (page.viewportSize()!.width < 600) await target.tap({ timeout: WAIT_MS });
  else await target.click({ timeout: WAIT_MS });
  if (scenario.sort) await target.selectOption(scenario.sort.value, { timeout: WAIT_MS });
}

/**
 * The times each selector first matched; those still missing after WAIT_MS are left out. A tap
 * made before the page's scripts listened is lost, as it is for a shopper, who taps again: while
 * the page has not announced everything, it is tapped again every second (its main control, or its
 * heading where that is a select, which a second tap would open again).
 */
async function waitFor(page: Page, scenario: Scenario, selectors: string[], touch: boolean): Promise<Record<string, number>> {
  const seen = () => page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);
  const again = page.locator(scenario.sort ? ':is(h1, h2):not(.sr-only)' : scenario.tap).first();
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const now = await seen();
    if (selectors.every((sel) => sel in now)) break;
    await page.waitForTimeout(1000);
    const later = await seen();
    if (selectors.every((sel) => sel in later)) break;
    await (touch ? again.tap({ timeout: 2000 }) : again.click({ timeout: 2000 })).catch(() => {});
    await page.evaluate(() => ((window as unknown as { __taps: number }).__taps = ((window as unknown as { __taps?: number }).__taps ?? 1) + 1));
  }
  return seen();
}
