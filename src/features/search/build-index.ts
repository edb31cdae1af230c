/**
 * The search index as the build emits it (src/pages/search-index.json.ts): made once per build
 * from the catalogue the build has already loaded, always at the same address (SEARCH_INDEX_URL).
 * A page names the index by that address only, so its HTML does not change with the catalogue's
 * content and a catalogue change rewrites only the pages that show what changed. The browser asks
 * for the index again on every page load and gets it only when it changed (`Cache-Control:
 * no-cache` and an ETag: src/server/static.ts), so a rebuilt index is never read from a stale
 * cache. Build only (node:crypto, node:zlib).
 *
 * Above SEARCH_INDEX_MAX_GZ the build emits no index and the suggestions ask the API instead: a
 * phone should not download megabytes to suggest five products (docs-notes/suggest.md).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { loadCatalogue } from '#features/catalog/build-data.ts';
import { ApiClient } from '#lib/api.ts';
import { DictionaryReplySchema } from '#lib/schemas/public-search.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { buildSearchIndex, type IndexableProduct } from './index-file.ts';

/**
 * The largest index the build emits, gzipped. With what the first interaction loads besides
 * (79.2 KB: React 66.1 KB, the suggestions' island, its chunks and the form's script; measured by
 * bench:search on 26 November 2026) everything downloaded for search stays within 200 KB. At
 * 10,000 products the index is 114 KB, of which the stock and ratings that rank suggestions are 5.5 KB.
 */
export const SEARCH_INDEX_MAX_GZ = 118 * 1024;
/** No product packs into fewer gzipped bytes than this (id, name, price): larger catalogues are not even tried. */
const MIN_GZ_BYTES_PER_PRODUCT = 8;

/** Where the index is served: one address whatever its content. */
export const SEARCH_INDEX_URL = '/search-index.json';

export interface BuiltSearchIndex {
  /** The file's URL path (SEARCH_INDEX_URL). */
  url: string;
  /** A hash of the content, for reports (bench:search); no page carries it. */
  version: string;
  json: string;
  products: number;
  gzBytes: number;
  /** What making it cost. */
  ms: number;
}

/** The index for `products`, or null (with the reason) when it would be too large to download. */
export function makeSearchIndex(products: readonly IndexableProduct[], maxGz = SEARCH_INDEX_MAX_GZ, synonyms: readonly SynonymEntry[] = []): BuiltSearchIndex | { skipped: string } {
  const started = performance.now();
  if (products.length * MIN_GZ_BYTES_PER_PRODUCT > maxGz) return { skipped: `${products.length} products cannot fit ${maxGz} bytes gzipped` };
  const json = JSON.stringify(buildSearchIndex(products, synonyms));
  const gzBytes = gzipSync(json).length;
  if (gzBytes > maxGz) return { skipped: `${gzBytes} bytes gzipped is above ${maxGz}` };
  const version = createHash('sha256').update(json).digest('hex').slice(0, 12);
  return { url: SEARCH_INDEX_URL, version, json, products: products.length, gzBytes, ms: performance.now() - started };
}

/**
 * The shop's dictionary, from the catalogue API the build reads (GET /api/search/dictionary). Throws
 * naming the URL when it cannot be read: an index without it would find less than the API.
 */
export async function loadDictionary(apiUrl: string): Promise<SynonymEntry[]> {
  const reply = await new ApiClient(apiUrl).get('/api/search/dictionary', DictionaryReplySchema, (r) => r.data);
  if (!reply.ok) throw new Error(`Could not read the search dictionary from ${apiUrl}: ${reply.error.message}`);
  return reply.data.synonyms;
}

/** Made once a build process, like the catalogue it is made from (loadCatalogue). */
const BUILT = Symbol.for('kiryana.build.search-index');
const shared = globalThis as { [BUILT]?: Promise<BuiltSearchIndex | null> };

/** The build's index (made once, shared by the header of every page and the endpoint), or null. */
export function builtSearchIndex(): Promise<BuiltSearchIndex | null> {
  shared[BUILT] ??= loadCatalogue().then(async ({ apiUrl, products }) => {
    const index = makeSearchIndex(products, SEARCH_INDEX_MAX_GZ, await loadDictionary(apiUrl));
    return 'skipped' in index ? null : index;
  });
  return shared[BUILT];
}
