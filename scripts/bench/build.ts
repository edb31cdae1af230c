/**
 * `npm run bench:build -- --products 10000`: generates a catalogue of N products into a fresh
 * embedded database, builds the store from its API, and builds a bare Astro site with the same
 * number of pages in the same run as the baseline. Prints wall time, CPU time, pages per second and
 * peak memory of both, and the gzip -9 size of the home, a category and a product page. The disk
 * of a shared machine is noisy: both builds run `--runs` times, alternating, and the best of each
 * counts.
 * Nothing is deleted while a build is timed, nor just before one: on the machines this is measured
 * on (ext4 mounted with `discard`), creating files right after some 10,000 were deleted took up
 * to ten times as long, for half a minute or more, and whichever build came next paid for it.
 * Every run, the store's and the baselines', writes into a folder of its own (the bare builds
 * therefore skip Astro's emptying of a previous outDir, as the store's builds into a fresh folder
 * do), and all of them are deleted after the figures are printed.
 * Targets: the store builds in at most 2x the bare site built with the store's own settings (the
 * median of the run pairs), and within 12 s at 10,000 products; the product and category pages'
 * HTML within their budgets (PAGE_TYPES, the budgets e2e/budgets.spec.ts enforces). The run ends
 * with exit code 1, naming what is over, when one is missed.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { replaceWithGenerated } from '../lib/catalog/generate.ts';
import { openDatabase } from '#server/db/client.ts';
import { startServer } from '#server/main.ts';
import { prepareArtwork } from '#server/artwork/prepare.ts';
import { config as settings, ROOT } from '#server/config.ts';
import { buildSite } from '#site-build/build-site.ts';
import { BUILD_NODE_FLAGS, runAstro } from '#site-build/run-astro.ts';
import { gzipSize, PAGE_TYPES } from '../lib/js-size/measure.ts';
import storeConfig from '../../astro.config.mjs';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    /** Each build runs this many times, store and baseline alternating; the best run counts. */
    runs: { type: 'string', default: '2' },
    'skip-baseline': { type: 'boolean', default: false },
  },
});
const count = Number(values.products);
const runs = Math.max(1, Number(values.runs));
const work = join(ROOT, '.cache/bench');
const quiet = () => {};
/**
 * Two baselines, both a bare page rendered as many times: with Astro's defaults (the bare Astro
 * page the target is set against), and with the store's own build settings (pages rendered
 * `build.concurrency` at a time, Node run with the store build's flags), which isolates what the
 * store's pages themselves cost.
 */
const BUILD_CONCURRENCY = storeConfig.build?.concurrency ?? 1;
const BASELINES = [
  { name: 'bare astro', note: 'Astro defaults', flags: [] as string[], config: `export default { output: 'static', outDir: process.env.BARE_OUT_DIR };\n` },
  {
    name: 'bare tuned',
    note: `build.concurrency ${BUILD_CONCURRENCY} and ${BUILD_NODE_FLAGS.join(' ')} like the store`,
    flags: BUILD_NODE_FLAGS,
    config: `export default { output: 'static', outDir: process.env.BARE_OUT_DIR, build: { concurrency: ${BUILD_CONCURRENCY} } };\n`,
  },
];

// What an earlier run left (it stopped half-way) is moved aside at once and deleted at the end.
const leftover = `${work}-leftover-${Date.now()}`;
await rename(work, leftover).catch(() => {});
await mkdir(work, { recursive: true });
await prepareArtwork(settings.artworkDir);

// 1. The catalogue: the seed's 13 categories and N generated products.
const database = await openDatabase({ dataDir: join(work, 'pglite') });
const { ms: insertMs } = await replaceWithGenerated(database.db, count, 42);
const counted = (await database.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] };
const { n } = counted.rows[0];
console.log(`catalogue: ${n.toLocaleString('en')} products inserted in ${(insertMs / 1000).toFixed(1)} s`);

type Run = { seconds: number; pages: number; peakRssMb: number; cpuSeconds: number };
/** The build targets: against the bare site with the store's settings (BASELINES[1]), and in seconds at 10,000 products. */
const TARGET_RATIO = 2;
const TARGET_SECONDS = { products: 10_000, seconds: 12 };
const best = (list: Run[]) => list.reduce((a, b) => (b.seconds < a.seconds ? b : a));

// 2. The store, built from its API; 3. the baseline: a bare Astro page rendered as many times.
const server = await startServer({ database, port: 0, distDir: join(work, 'dist-0') });
const storeRuns: Run[] = [];
const bareRuns: Run[][] = BASELINES.map(() => []);
for (let i = 0; i < runs; i++) {
  storeRuns.push(await buildSite({ apiUrl: server.url, distDir: join(work, `dist-${i}`), log: quiet }));
  if (values['skip-baseline']) continue;
  for (const [b, baseline] of BASELINES.entries()) {
    const root = join(work, `bare-${b}`);
    if (i === 0) await writeBareProject(root, storeRuns[0].pages, baseline.config);
    const started = performance.now();
    const run = await runAstro([join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', root], { BARE_OUT_DIR: join(root, `dist-${i}`) }, quiet, root, baseline.flags);
    bareRuns[b].push({ seconds: (performance.now() - started) / 1000, ...run });
  }
}
await server.close();
await database.close();
const store = best(storeRuns);

async function writeBareProject(root: string, pages: number, config: string) {
  await mkdir(join(root, 'src/pages'), { recursive: true });
  await writeFile(join(root, 'astro.config.mjs'), config);
  await writeFile(
    join(root, 'src/pages/[id].astro'),
    `---\nexport function getStaticPaths() {\n  return Array.from({ length: ${pages} }, (_, i) => ({ params: { id: 'page-' + i } }));\n}\nconst { id } = Astro.params;\n---\n<html lang="en"><head><meta charset="utf-8" /><title>{id}</title></head><body><h1>{id}</h1></body></html>\n`,
  );
}

// 4. What a shopper downloads.
const dist = join(work, 'dist-0');
const gz = async (path: string) => gzipSize(await readFile(join(dist, path)));
const category = (await readdir(join(dist, 'category')))[0];
const product = (await readdir(join(dist, 'product')))[0];
const sizes = {
  home: await gz('index.html'),
  category: await gz(join('category', category, 'index.html')),
  product: await gz(join('product', product, 'index.html')),
};

const row = (name: string, r: Run) =>
  `${name.padEnd(10)} ${r.pages.toLocaleString('en').padStart(8)} pages  ${r.seconds.toFixed(1).padStart(6)} s  ${(r.pages / r.seconds).toFixed(0).padStart(6)} pages/s  cpu ${r.cpuSeconds.toFixed(1).padStart(5)} s  peak ${r.peakRssMb.toFixed(0).padStart(5)} MiB`;
console.log(`\nbuild of ${count.toLocaleString('en')} products (${process.arch}, ${(await import('node:os')).cpus().length} cores, load ${(await import('node:os')).loadavg()[0].toFixed(1)}), best of ${runs} run(s)`);
const all = (list: Run[]) => list.map((r) => r.seconds.toFixed(1)).join(' / ');
console.log(`runs       kiryana ${all(storeRuns)} s${BASELINES.map((b, i) => (bareRuns[i].length ? `; ${b.name} ${all(bareRuns[i])} s` : '')).join('')}`);
console.log(row('kiryana', store));
const missed: string[] = [];
for (const [i, baseline] of BASELINES.entries()) {
  if (!bareRuns[i].length) continue;
  const bare = best(bareRuns[i]);
  const bestCpu = bareRuns[i].reduce((a, b) => Math.min(a, b.cpuSeconds), Infinity);
  const storeCpu = storeRuns.reduce((a, b) => Math.min(a, b.cpuSeconds), Infinity);
  console.log(`${row(baseline.name, bare)}  (${baseline.note})`);
  // Each store build against the baseline build right after it: the machine's pace drifts over
  // a run, and a pair built back to back shares it, so the median of these is the steadiest figure.
  const paired = storeRuns.map((r, run) => r.seconds / bareRuns[i][run].seconds).sort((a, b) => a - b);
  const median = paired[Math.floor(paired.length / 2)];
  const target = i === 1 ? ` (target ≤ ${TARGET_RATIO}x: ${median <= TARGET_RATIO ? 'OK' : 'OVER'})` : '';
  console.log(`ratio      ${(store.seconds / bare.seconds).toFixed(2)}x ${baseline.name} (best runs); run pairs (sorted) ${paired.map((x) => x.toFixed(2)).join(' / ')}x, median ${median.toFixed(2)}x${target}`);
  console.log(`           CPU time ${(storeCpu / bestCpu).toFixed(2)}x ${baseline.name} (least of each)`);
  if (i === 1 && median > TARGET_RATIO) missed.push(`the build took ${median.toFixed(2)}x ${baseline.name} (run pairs' median; target ≤ ${TARGET_RATIO}x)`);
}
if (count === TARGET_SECONDS.products) {
  const within = store.seconds <= TARGET_SECONDS.seconds;
  console.log(`seconds    ${store.seconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS.seconds} s at ${TARGET_SECONDS.products.toLocaleString('en')} products: ${within ? 'OK' : 'OVER'})`);
  if (!within) missed.push(`the build took ${store.seconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS.seconds} s; wall time follows the machine's load, the ratio above does not)`);
}
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const budget = (key: 'category' | 'product') => {
  const limit = PAGE_TYPES[key].htmlBudgetKb * 1024;
  if (sizes[key] > limit) missed.push(`the ${PAGE_TYPES[key].type}'s HTML is ${kb(sizes[key])} (budget ${kb(limit)})`);
  return `${kb(sizes[key])} (≤ ${PAGE_TYPES[key].htmlBudgetKb} KB: ${sizes[key] <= limit ? 'OK' : 'OVER'})`;
};
console.log(`gzip -9 HTML  home ${kb(sizes.home)}  category ${budget('category')}  product ${budget('product')}`);
await Promise.all([work, leftover].map((dir) => rm(dir, { recursive: true, force: true })));
if (missed.length) {
  console.error(`\n✗ Over target: ${missed.join('; ')}.`);
  process.exit(1);
}
console.log('\n✓ Within every target.');
