/**
 * `npm run bench:search -- --products 10000 [--keystrokes 120] [--loads 10] [--via api] [--keep]`: generates a
 * catalogue of N products into a fresh embedded database, builds the store from its API, serves it
 * on loopback and measures search in Chromium:
 *   (a) suggestions per keystroke in the header's box (1280 px), from the island's own marks
 *       (SUGGEST_MARKS): work = the pause's end to the list in the DOM (the 300 ms wait excluded),
 *       to the next frame = the same to the next animation frame after it (so it includes up to one
 *       vsync interval of waiting, ~16.7 ms), raw = key press to the list in the DOM
 *       (the wait included); median and p95 over every keystroke past the second character;
 *   (b) the search page's first results: navigation start to the first card in
 *       [data-testid="search-results"] on /search/?q=TERM, each load in a fresh browser context,
 *       opened cold (nothing cached) and reached from the header's box on the home page (its
 *       suggestions seen, then Enter: how shoppers arrive, with React and the shared code cached);
 *   (c) everything downloaded for search: the form's script (every page, before interaction) and
 *       what the first interaction with the box loads (React, the island, the index), each file
 *       gzipped;
 *   (d) layout shift on the search page: the PerformanceObserver's sum over a whole load at a phone's
 *       412 px with the CPU slowed 4x (CDP), the reply to its search held back 1 s, so the
 *       shell, the island and the results each arrive in turn;
 *   (e) Lighthouse's mobile performance score (its default form factor and simulated throttling)
 *       of the search page, and of a static category page in the same run: the score is the host's
 *       too, so the category page says how much a busy machine takes off (`--lighthouse N` runs,
 *       median; 0 skips it).
 *   (f) the test set's score (scripts/bench/search-queries.json): for every query, whether a product
 *       whose name matches its `relevant` is in the first three, from the suggestions (`suggest` over
 *       the run's built index, decoded as the browser decodes it) and from GET /api/products?q=,
 *       by kind, beside the same run's baseline: the old substring rule (old-search-rule.ts) over
 *       the same products; and every english query the old rule passes that the new one fails.
 * The catalogue is the seed's (its 320 products and its dictionary) and, past them, generated
 * products up to N. `--score-only` measures (f) alone (no browser).
 * Targets (10,000 products): p95 ≤ 16 ms work, first results ≤ 300 ms, ≤ 200 KB gz; search page
 * layout shift ≤ 0.02 and Lighthouse performance ≥ 95; ≥ 90 % of the test set in the first three
 * on the API and in the suggestions, no english query worse than the old rule.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { bulkInsertProducts, generateProducts, seedMaterial } from '../lib/catalog/generate.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { SearchIndexFileSchema } from '#features/search/index-file.ts';
import { decodeIndex, suggest } from '#features/search/suggestions.ts';
import { oldSearch } from './old-search-rule.ts';
import { layoutShift, watchLayoutShift } from '../lib/layout-shift.ts';
import { buildSite } from '#site-build/build-site.ts';
import { openDatabase } from '#server/db/client.ts';
import { startServer } from '#server/main.ts';
import { ROOT } from '#server/config.ts';
import { CatalogApi } from '#features/catalog/api.ts';
import { ApiClient } from '#lib/api.ts';
import { loadDictionary, makeSearchIndex, SEARCH_INDEX_MAX_GZ } from '#features/search/build-index.ts';
import { SUGGEST_MARKS } from '#features/search/suggestions.ts';
import { INDEX_READY_MARK } from '#features/search/lookup.ts';
import { lighthousePerformance, type LighthouseRun } from './lighthouse/run.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    keystrokes: { type: 'string', default: '120' },
    loads: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    /** `api`: the index is refused, so every lookup asks GET /api/products?q= (the fallback, and 100,000 products). */
    via: { type: 'string', default: 'index' },
    lighthouse: { type: 'string', default: '3' },
    'score-only': { type: 'boolean', default: false },
  },
});
const count = Number(values.products);
const work = join(ROOT, '.cache/bench-search');
const dist = join(work, 'dist');
/** Terms shoppers type, letter by letter; some find nothing. */
const TERMS = ['biryani masala', 'chakki atta', 'full cream milk', 'tapal danedar', 'shampoo', 'chicken nuggets', 'surf excel', 'green tea', 'basmati rice', 'baby diapers', 'cat food', 'mango juice', 'dishwash liquid', 'seekh kabab', 'xylophone'];

/** A term with a full first page of results in the generated catalogue: the layout shift and Lighthouse page. */
const PAGE_TERM = 'tea';

/** Thrown to skip the browser's measures after the score (`--score-only`). */
const SCORE_ONLY = Symbol('score only');

const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: list.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
const database = await openDatabase({ dataDir: join(work, 'pglite') });
const inserting = performance.now();
const seeded = await seedIfEmpty(database.db);
const material = await seedMaterial();
const extra = Math.max(0, count - seeded.products);
if (extra > 0) await bulkInsertProducts(database.db, generateProducts(extra, { seed: 42, images: material.images, categories: material.categories.map((c) => c.name) }));
console.log(`catalogue: ${seeded.products} seeded and ${extra.toLocaleString('en')} generated products, ${seeded.synonyms} dictionary entries, inserted in ${((performance.now() - inserting) / 1000).toFixed(1)} s`);
const server = await startServer({ database, port: 0, distDir: dist });
const origin = server.url.replace(/\/$/, '');

// The index as the build makes it, timed in this process from the same API reply.
const all = await new CatalogApi(new ApiClient(origin)).allProducts();
if (!all.ok) throw new Error(all.error.message);
const dictionary = await loadDictionary(origin);
const deciding = performance.now();
const made = makeSearchIndex(all.data, SEARCH_INDEX_MAX_GZ, dictionary);
// A catalogue too large for an index is refused from its count alone, before any work (goal ≤ 50 ms).
const decided = performance.now() - deciding;
console.log('skipped' in made ? `search index: none (${made.skipped}), refused in ${ms(decided)}; suggestions use the API` : `search index: ${kb(made.gzBytes)} gz, made in ${ms(made.ms)}`);

const built = await buildSite({ apiUrl: origin, distDir: dist, log: () => {} });
console.log(`build: ${built.pages.toLocaleString('en')} pages in ${built.seconds.toFixed(1)} s`);

const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
try {
  await scoreBench();
  if (values['score-only']) throw SCORE_ONLY;
  await suggestionsBench();
  await searchPageBench();
  await layoutShiftBench();
  await lighthouseBench();
} catch (err) {
  if (err !== SCORE_ONLY) throw err;
} finally {
  await browser.close();
  await server.close();
  await database.close();
  if (!values.keep) await rm(work, { recursive: true, force: true });
}

interface TestQuery {
  q: string;
  kind: string;
  /** A case-insensitive regular expression over the names of the products the query should find. */
  relevant: string;
}

async function scoreBench() {
  const queries = JSON.parse(await readFile(join(ROOT, 'scripts/bench/search-queries.json'), 'utf8')) as TestQuery[];
  const indexFile = join(dist, 'search-index.json');
  const index = existsSync(indexFile) ? decodeIndex(SearchIndexFileSchema.parse(JSON.parse(await readFile(indexFile, 'utf8')))) : undefined;
  const products = all.ok ? all.data.map((p) => ({ ...p, id: p._id })) : [];
  const api = new ApiClient(origin);
  const results: { query: TestQuery; suggestions?: boolean; api: boolean; old: boolean; apiTop: string[] }[] = [];
  for (const query of queries) {
    const relevant = new RegExp(query.relevant, 'i');
    const hit = (names: string[]) => names.slice(0, 3).some((n) => relevant.test(n));
    const reply = await api.request('/api/products', { query: { q: query.q, limit: 3 } });
    const apiTop = reply.ok ? ((reply.data as { data: { products: { name: string }[] } }).data.products ?? []).map((p) => p.name) : [];
    results.push({
      query,
      suggestions: index ? hit(suggest(index, query.q, 3).map((p) => p.name)) : undefined,
      api: hit(apiTop),
      old: hit(oldSearch(products, query.q, 3).map((p) => p.name)),
      apiTop,
    });
  }
  const share = (list: (boolean | undefined)[]) => (list[0] === undefined ? '   n/a' : `${((100 * list.filter(Boolean).length) / list.length).toFixed(0).padStart(4)} %`);
  console.log(`\n(f) the test set (${queries.length} queries, scripts/bench/search-queries.json): a relevant product in the first three`);
  console.log(`    ${'kind'.padEnd(16)} ${'queries'.padStart(7)}  suggestions   API   old rule (baseline)`);
  const kinds = [...new Set(queries.map((q) => q.kind))];
  for (const kind of [...kinds, 'all']) {
    const rows = results.filter((r) => kind === 'all' || r.query.kind === kind);
    console.log(`    ${kind.padEnd(16)} ${String(rows.length).padStart(7)}  ${share(rows.map((r) => r.suggestions)).padStart(11)}  ${share(rows.map((r) => r.api))}  ${share(rows.map((r) => r.old)).padStart(8)}`);
  }
  const worse = results.filter((r) => r.query.kind === 'english' && r.old && (!r.api || r.suggestions === false));
  console.log(`    english queries the old rule passes and the new one fails: ${worse.length ? worse.map((r) => `"${r.query.q}"`).join(', ') : 'none'}`);
  const missed = results.filter((r) => !r.api || r.suggestions === false);
  for (const r of missed) console.log(`      missed: "${r.query.q}" (${r.query.kind}, /${r.query.relevant}/): API ${r.api ? 'ok' : 'no'}, suggestions ${r.suggestions ? 'ok' : 'no'}; API's first three: ${r.apiTop.join(' | ') || 'nothing'}`);
  console.log(`    target: ≥ 90 % on the API and in the suggestions; no english query worse`);
}

async function marks(page: Page, name: string): Promise<number[]> {
  return page.evaluate((n) => performance.getEntriesByName(n, 'mark').map((m) => m.startTime), name);
}

async function suggestionsBench() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (values.via === 'api') await page.route('**/search-index.json', (route) => route.abort());
  await page.goto(`${origin}/about/`, { waitUntil: 'load' });
  // The form's own script loads with every page, before any interaction: counted too.
  const downloaded: string[] = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => new URL(s.src).pathname).filter((p) => p.includes('SearchForm.astro')),
  );
  for (const path of [...downloaded]) {
    const text = await readFile(join(dist, path), 'utf8');
    for (const [, dep] of text.matchAll(/from"\.\/([^"]+\.js)"/g)) downloaded.push(`/_astro/${dep}`);
  }
  page.on('request', (r) => downloaded.push(new URL(r.url()).pathname));
  // The frame after each rendered list: a rendered mark, then the next animation frame.
  await page.evaluate((name) => {
    new PerformanceObserver((list) => {
      for (const _ of list.getEntriesByName(name)) requestAnimationFrame(() => performance.mark('bench:frame'));
    }).observe({ type: 'mark' });
  }, SUGGEST_MARKS.rendered);
  const box = page.locator('#header-search');
  const started = Date.now();
  await box.click();
  await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, INDEX_READY_MARK, { timeout: 30_000 }).catch(() => {});
  const ready = (await marks(page, INDEX_READY_MARK))[0];
  console.log(`\n(a) suggestions, ${count.toLocaleString('en')} products, Chromium 1280 px${values.via === 'api' ? ', the index refused (API)' : ''}`);
  console.log(ready ? `    index fetched and decoded ${ms(ready - (await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.includes('search-index'))?.startTime ?? 0)))} after the request (once a page), ${((Date.now() - started) / 1000).toFixed(1)} s after the click` : '    no index: every lookup asks the API');

  const work: number[] = [];
  const frame: number[] = [];
  const raw: number[] = [];
  let typed = 0;
  for (let round = 0; typed < Number(values.keystrokes); round++) {
    const term = TERMS[round % TERMS.length];
    await box.fill('');
    for (const [i, ch] of [...term].entries()) {
      const before = (await marks(page, SUGGEST_MARKS.rendered)).length;
      await page.keyboard.type(ch);
      if (i < 2 || !term.slice(0, i + 1).trim() || ch === ' ') continue;
      await page.waitForFunction(([n, b]) => performance.getEntriesByName(n as string).length > (b as number) && performance.getEntriesByName('bench:frame').length >= (b as number) + 1, [SUGGEST_MARKS.rendered, before], { timeout: 10_000 });
      const rendered = (await marks(page, SUGGEST_MARKS.rendered)).at(-1)!;
      const lookup = (await marks(page, SUGGEST_MARKS.lookup)).at(-1)!;
      const key = (await marks(page, SUGGEST_MARKS.key)).at(-1)!;
      const next = (await marks(page, 'bench:frame')).at(-1)!;
      work.push(rendered - lookup);
      frame.push(next - lookup);
      raw.push(rendered - key);
      typed++;
    }
  }
  for (const [name, list] of [['work (debounce excluded)', work], ['work to the next frame (vsync-bound)', frame], ['raw (key to list, 300 ms pause included)', raw]] as const) {
    const s = stats(list);
    console.log(`    ${name.padEnd(42)} median ${ms(s.median)}  p95 ${ms(s.p95)}  max ${ms(s.max)}  (${s.n} keystrokes)`);
  }
  console.log(`    target: p95 ≤ 16 ms work`);

  // (c) what came down for search after the first interaction.
  let total = 0;
  const lines: string[] = [];
  for (const path of [...new Set(downloaded)].filter((p) => /\.(js|json)$/.test(p))) {
    const file = join(dist, decodeURIComponent(path));
    if (!existsSync(file)) continue;
    const gz = gzipSync(await readFile(file)).length;
    total += gz;
    lines.push(`      ${path.padEnd(56)} ${kb(gz)}`);
  }
  console.log(`\n(c) downloaded for search (the form's script, then on first use; gzip): ${kb(total)} (target ≤ 200 KB)`);
  console.log(lines.join('\n'));
  await context.close();
}

async function searchPageBench() {
  console.log(`\n(b) search page, first results on loopback`);
  if (!existsSync(join(dist, 'search', 'index.html'))) {
    console.log('    search page not present');
    return;
  }
  const cold: { firstResult: number; wholePage: number }[] = [];
  const fromBox: { firstResult: number; wholePage: number }[] = [];
  for (let i = 0; i < Number(values.loads); i++) {
    const term = TERMS[i % (TERMS.length - 1)].split(' ')[0];
    cold.push(await firstResults(term, false));
    fromBox.push(await firstResults(term, true));
  }
  console.log('    navigation start to the first result card (target < 300 ms), and to the whole first page of up to 48');
  for (const [name, list] of [['opened cold (fresh context, empty cache)', cold], ['from the header box (after its suggestions)', fromBox]] as const) {
    const first = stats(list.map((l) => l.firstResult));
    const whole = stats(list.map((l) => l.wholePage));
    console.log(`    ${name.padEnd(44)} first: median ${ms(first.median)}  p95 ${ms(first.p95)}   whole page: median ${ms(whole.median)}  p95 ${ms(whole.p95)}  (${first.n} loads)`);
  }
}

/**
 * One load of /search/?q=TERM in a fresh browser context: navigation start to the first card in
 * the results. `fromBox`: the way most shoppers arrive, typing the term in the header's box of the
 * home page, seeing its suggestions and pressing Enter (React and the shared code are then cached).
 */
async function firstResults(term: string, fromBox: boolean): Promise<{ firstResult: number; wholePage: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/search')) return;
    const w = window as unknown as { firstResult?: number; wholePage?: number };
    const seen = () => {
      const cards = document.querySelectorAll('[data-testid="search-results"] [data-product-id]').length;
      if (cards > 0) w.firstResult ??= performance.now();
      // The whole first page: as many cards as the count says, up to a page of 48.
      const said = document.querySelector('[data-testid="search-count"]')?.textContent?.match(/^([\d,]+) results? for/);
      const total = said ? Number(said[1].replace(/,/g, '')) : NaN;
      if (cards > 0 && cards >= Math.min(48, total)) w.wholePage ??= performance.now();
      return w.wholePage !== undefined;
    };
    const watch = new MutationObserver(() => seen() && watch.disconnect());
    watch.observe(document, { childList: true, subtree: true });
  });
  if (fromBox) {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    const box = page.locator('#header-search');
    await box.click();
    await box.fill(term);
    await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, SUGGEST_MARKS.rendered, { timeout: 15_000 });
    await Promise.all([page.waitForURL(/\/search\//), box.press('Enter')]);
  } else {
    await page.goto(`${origin}/search/?q=${encodeURIComponent(term)}`);
  }
  await page.waitForFunction(() => (window as unknown as { wholePage?: number }).wholePage !== undefined, null, { timeout: 15_000 });
  const at = await page.evaluate(() => {
    const w = window as unknown as { firstResult: number; wholePage: number };
    return { firstResult: w.firstResult, wholePage: w.wholePage };
  });
  await context.close();
  return at;
}

async function layoutShiftBench() {
  console.log(`\n(d) search page layout shift (PerformanceObserver, 412 px, CPU 4x slower, the reply held 1 s)`);
  const scores: number[] = [];
  for (const link of [`?q=${PAGE_TERM}`, `?q=${PAGE_TERM}&view=list`, '?q=zzqx']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await watchLayoutShift(page);
    await page.route('**/api/products?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(`${origin}/search/${link}`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid="search-results"] [data-product-id], [data-testid="no-results"]', { timeout: 30_000 });
    await page.waitForTimeout(1000);
    const cls = await layoutShift(page);
    scores.push(cls);
    console.log(`    /search/${link.padEnd(24)} CLS ${cls.toFixed(3)}`);
    await context.close();
  }
  console.log(`    worst ${Math.max(...scores).toFixed(3)} (target ≤ 0.02)`);
}

async function lighthouseBench() {
  const runs = Number(values.lighthouse);
  if (!runs) return;
  const [category] = (await readdir(join(dist, 'category'), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const pages = [
    [`search page /search/?q=${PAGE_TERM}`, `${origin}/search/?q=${PAGE_TERM}`],
    [`static category page (reference)`, `${origin}/category/${encodeURIComponent(category)}/`],
  ] as const;
  console.log(`\n(e) Lighthouse ${JSON.parse(await readFile(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile (default: simulated slow 4G, CPU 4x), median of ${runs} runs a page, taken in turn`);
  const results = new Map<string, LighthouseRun[]>(pages.map(([name]) => [name, []]));
  for (let i = 0; i < runs; i++) for (const [name, url] of pages) results.get(name)!.push(await lighthousePerformance(url, chromiumPath));
  for (const [name, list] of results) {
    const median = (pick: (r: LighthouseRun) => number) => stats(list.map(pick)).median;
    const warnings = [...new Set(list.flatMap((r) => r.warnings))];
    console.log(
      `    ${name.padEnd(40)} performance ${median((r) => r.score)} (runs ${list.map((r) => r.score).join(', ')})  CLS ${median((r) => r.cls).toFixed(3)}  LCP ${ms(median((r) => r.lcpMs))}  TBT ${ms(median((r) => r.tbtMs))}  FCP ${ms(median((r) => r.fcpMs))}`,
    );
    for (const w of warnings) console.log(`      Lighthouse warned: ${w}`);
  }
  console.log(`    target: search page performance ≥ 95, CLS ≤ 0.02`);
}
