/**
 * The store's static serving against @hono/node-server's serveStatic, alternating in one run:
 *
 *   npm run bench:static -- --dist DIR [--connections 20] [--seconds 5] [--rounds 3] [--port N]
 *
 * Serves the built site in DIR (a `npm start` or `npm run build` output) with each server in a
 * process of its own (load/static-server.ts): `own`, the store's staticHandler (Brotli or gzip made
 * once a file and held in memory, weak ETag, page headers), and `library`, serveStatic with the
 * files compressed at build time beside them (.br at quality 11 and .gz at level 9, written here
 * for the files measured, copied aside). The same autocannon driver as bench:api
 * (load/cannon.ts) asks for a page, a category page, a product page, the largest script, the
 * stylesheet and a product picture, with `Accept-Encoding: gzip, deflate, br` as browsers send;
 * each round measures both servers back to back, file by file. Printed: requests/s of each, the
 * library's as a share of the store's (median and range over the rounds), and the bytes each sent.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { config, ROOT } from '#server/config.ts';
import { freePort } from '#runtime/store-process.ts';
import { cannon, type CannonResult } from './load/cannon.ts';
import { startListening } from './load/listening-child.ts';
import { median, share } from './load/http-load.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: config.distDir },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string' },
  },
});
const dist = values.dist;
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const rounds = Math.max(1, Number(values.rounds));
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

const largest = async (dir: string, ext: string) => {
  const names = (await readdir(join(dist, dir))).filter((n) => n.endsWith(ext));
  const sized = await Promise.all(names.map(async (n) => [n, (await stat(join(dist, dir, n))).size] as const));
  return sized.sort((a, b) => b[1] - a[1])[0][0];
};
const files: { what: string; path: string; file: string }[] = [];
// serveStatic decodes paths with decodeURI, which leaves %26 (&) and %2C (,) encoded: it answers
// 404 for such category names (Fresh & Chilled Food), so the page measured is one without them.
const category = (await readdir(join(dist, 'category'))).sort().find((n) => /^[\w -]+$/.test(n))!;
const product = (await readdir(join(dist, 'product'))).sort()[0];
const script = await largest('_astro', '.js');
const style = await largest('_astro', '.css');
const picture = (await readdir(join(dist, 'images', 'products'))).find((n) => n.endsWith('.webp'))!;
files.push(
  { what: 'home page', path: '/', file: 'index.html' },
  { what: 'category page', path: `/category/${encodeURIComponent(category)}/`, file: join('category', category, 'index.html') },
  { what: 'product page', path: `/product/${encodeURIComponent(product)}/`, file: join('product', product, 'index.html') },
  { what: 'largest script', path: `/_astro/${script}`, file: join('_astro', script) },
  { what: 'stylesheet', path: `/_astro/${style}`, file: join('_astro', style) },
  { what: 'product picture', path: `/images/products/${picture}`, file: join('images', 'products', picture) },
);

// The library's site: the measured files, with the text ones compressed beside them as a build would.
const root = await mkdtemp(join(tmpdir(), 'kiryana-bench-static-'));
const librarySite = join(root, 'site');
for (const { file } of files) {
  const bytes = await readFile(join(dist, file));
  await mkdir(dirname(join(librarySite, file)), { recursive: true });
  await writeFile(join(librarySite, file), bytes);
  if (!/\.(html|js|css)$/.test(file)) continue;
  await writeFile(join(librarySite, `${file}.br`), brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(join(librarySite, `${file}.gz`), gzipSync(bytes, { level: 9 }));
}

function start(kind: 'own' | 'library', site: string, port: number) {
  return startListening(join(ROOT, 'scripts/bench/load/static-server.ts'), [kind, site], port);
}

const ownPort = values.port ? Number(values.port) : await freePort();
const libraryPort = values.port ? ownPort + 1 : await freePort();
const own = await start('own', dist, ownPort);
const library = await start('library', librarySite, libraryPort);
const results = files.map(() => ({ own: [] as CannonResult[], library: [] as CannonResult[], bytes: { own: 0, library: 0 } }));
try {
  for (const [i, { path }] of files.entries()) {
    for (const [kind, server] of [['own', own], ['library', library]] as const) {
      const res = await fetch(server.origin + path, { headers: BROWSER });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${kind} answered ${path} with ${res.status}`);
      results[i].bytes[kind] = Number(res.headers.get('content-length') ?? body.length);
      await cannon({ origin: server.origin, connections, seconds: 1, paths: [path], headers: BROWSER });
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const [i, { what, path }] of files.entries()) {
      process.stderr.write(`${what}: round ${round + 1} of ${rounds}\n`);
      results[i].own.push(await cannon({ origin: own.origin, connections, seconds, paths: [path], headers: BROWSER }));
      results[i].library.push(await cannon({ origin: library.origin, connections, seconds, paths: [path], headers: BROWSER }));
    }
  }
} finally {
  await Promise.all([own.stop(), library.stop()]);
  await rm(root, { recursive: true, force: true });
}

console.log(
  `bench:static ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${connections} connections, ${rounds} rounds of ${seconds} s a file and server; ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
console.log('\n| file | store (staticHandler) requests/s | serveStatic, precompressed, requests/s | serveStatic of store, median (range) | bytes sent, store / serveStatic | errors |');
console.log('|---|---|---|---|---|---|');
for (const [i, { what }] of files.entries()) {
  const r = results[i];
  const rate = (runs: CannonResult[]) => Math.round(median(runs.map((x) => x.perSecond))).toLocaleString('en');
  const errors = [...r.own, ...r.library].reduce((t, x) => t + x.errors, 0);
  console.log(`| ${what} | ${rate(r.own)} | ${rate(r.library)} | ${share(r.library.map((x, k) => x.perSecond / r.own[k].perSecond))} | ${r.bytes.own.toLocaleString('en')} / ${r.bytes.library.toLocaleString('en')} | ${errors} |`);
}
