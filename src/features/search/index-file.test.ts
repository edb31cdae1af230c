import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProducts } from '../../../scripts/lib/catalog/generate.ts';
import { products as seeded } from '#server/seed/catalogue.ts';
import { SEARCH_INDEX_PATH } from '#features/offline/rules.ts';
import { makeSearchIndex, SEARCH_INDEX_MAX_GZ, SEARCH_INDEX_URL } from './build-index.ts';
import { buildSearchIndex, bySuggestionOrder, IMAGE_BY_ID, NONE, SearchIndexFileSchema, type IndexableProduct } from './index-file.ts';
import { decodeIndex, suggest } from './suggestions.ts';
import { starsOf, summarizeRatings } from '#lib/ratings.ts';
import { createSearcher } from '#lib/search/searcher.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { carriedDescriptionWords } from '#lib/search-carried.ts';

const catalogue: IndexableProduct[] = seeded.map((p) => ({
  _id: p._id,
  name: p.name,
  description: p.description ?? '',
  category: p.category,
  brand: p.brand ?? '',
  price: Number(p.price),
  discount: Number(p.discount ?? 0),
  images: p.images,
  stock: Number(p.stock),
  rating: summarizeRatings(starsOf(p as Parameters<typeof starsOf>[0])).rating,
}));

const dictionary: SynonymEntry[] = [
  { words: ['chawal', 'chaawal', 'چاول'], means: ['rice'] },
  { words: ['doodh', 'دودھ'], means: ['milk'] },
  { words: ['cold drink'], means: ['soft drink', 'pepsi', 'cola'] },
  { words: ['chai', 'چائے'], means: ['tea'] },
];

/** Every match of the index, through JSON as the browser gets it. */
function indexMatcher(list: readonly IndexableProduct[], synonyms: SynonymEntry[] = []) {
  const decoded = decodeIndex(SearchIndexFileSchema.parse(JSON.parse(JSON.stringify(buildSearchIndex(list, synonyms)))));
  return (term: string) => suggest(decoded, term, Infinity).map((s) => s.id);
}
/** The rule itself over the whole products (what the API's search is held to); one searcher a list. */
const searchers = new WeakMap<readonly IndexableProduct[], ReturnType<typeof createSearcher<IndexableProduct & { id: string }>>>();
const plain = (list: readonly IndexableProduct[], term: string, synonyms: SynonymEntry[] = []) => {
  let searcher = searchers.get(list);
  if (!searcher) searchers.set(list, (searcher = createSearcher(list.map((p) => ({ ...p, id: p._id })), synonyms)));
  return searcher.search(term).map((p) => p.id);
};

describe('carriedDescriptionWords', () => {
  it('keeps the words the rule keeps, folded, once each, without what the name, brand or category hold', () => {
    const p = { name: 'Tapal Danedar Tea 950g', category: 'Soft Drinks, Tea & Coffee', brand: 'Tapal', description: 'Strong danedar tea, tea leaves for strong chai. Café!' };
    expect(carriedDescriptionWords(p)).toEqual(['strong', 'leaves', 'chai', 'cafe']);
  });
});

describe('buildSearchIndex', () => {
  const file = buildSearchIndex(catalogue, dictionary);
  const decoded = decodeIndex(file);

  it('round-trips id, name, sale price, image, stock and rating of every product, stored by name, and the dictionary', () => {
    const ranked = [...catalogue].sort(bySuggestionOrder);
    expect(decoded.products.map((d) => d.id)).toEqual(ranked.map((p) => p._id));
    expect(decoded.products.map((d) => d.name)).toEqual(catalogue.map((p) => p.name).sort());
    expect(file.synonyms).toEqual(dictionary);
    for (const [i, p] of ranked.entries()) {
      expect(decoded.products[i]).toMatchObject({ name: p.name, price: p.price - p.discount, image: p.images?.[0] ?? '', stock: p.stock > 0 ? 1 : 0, rating: p.rating });
    }
  });

  it('packs what repeats: ids derived from names, images named by id, brands whose words the name holds', () => {
    expect(file.id.filter((id) => id.startsWith('+')).length).toBeGreaterThan(catalogue.length * 0.9);
    expect(file.image.filter((i) => i === IMAGE_BY_ID).length).toBe(catalogue.length);
    expect(file.brand.filter((b) => b === NONE).length).toBeGreaterThan(catalogue.length / 2);
  });

  it('suggests teas for "tea", the atta for "atta", the milks for "milk", and by the dictionary (the seeded catalogue)', () => {
    const names = (term: string) => suggest(decoded, term).map((s) => s.name);
    expect(names('tea')).toHaveLength(5);
    for (const name of names('tea')) expect(name).toMatch(/\btea\b/i);
    expect(names('atta')[0]).toBe('Sunridge Chakki Atta 10kg');
    expect(names('milk').slice(0, 3).every((n) => /milk/i.test(n))).toBe(true);
    expect(names('milk')).not.toContain('Bananas (12 pcs)');
    expect(names('milk')).not.toContain('Hamdard Rooh Afza 800ml');
    expect(names('chawal')[0]).toMatch(/rice/i);
    expect(names('چاول')[0]).toMatch(/rice/i);
    expect(suggest(decoded, 'anda', Infinity).map((s) => s.name).filter((n) => /sandal/i.test(n))).toEqual([]);
    expect(suggest(decoded, 'tel', Infinity).map((s) => s.name).filter((n) => /nutella/i.test(n))).toEqual([]);
  });

  it('keeps foreign ids and images as they are', () => {
    const [row] = decodeIndex(buildSearchIndex([{ ...catalogue[0], _id: 'x-1', images: ['https://cdn.example/a.jpg'] }])).products;
    expect(row).toMatchObject({ id: 'x-1', image: 'https://cdn.example/a.jpg' });
  });

  it('finds and ranks exactly as the rule over whole products, for every word of every seeded product, its prefixes and slips', () => {
    const matcher = indexMatcher(catalogue, dictionary);
    const words = new Set(catalogue.flatMap((p) => `${p.name} ${p.description} ${p.category} ${p.brand}`.split(/\s+/)));
    const slips = [...words].filter((w) => w.length >= 5).flatMap((w) => [w.slice(0, 3), w.slice(1), `${w}x`]);
    for (const word of [...words, ...slips, ...dictionary.flatMap((e) => e.words)]) expect(matcher(word), word).toEqual(plain(catalogue, word, dictionary));
  });

  it('matches exactly what the plain rule matches, for any piece of the seeded texts (property)', () => {
    const matcher = indexMatcher(catalogue, dictionary);
    const text = (p: IndexableProduct) => [p.name, p.description, p.category, p.brand].join(' ');
    const piece = fc
      .record({ p: fc.nat(catalogue.length - 1), start: fc.nat(200), length: fc.integer({ min: 1, max: 12 }), upper: fc.boolean() })
      .map(({ p, start, length, upper }) => {
        const t = text(catalogue[p]);
        const s = t.slice(start % t.length, (start % t.length) + length);
        return upper ? s.toUpperCase() : s;
      });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 3 }), (pieces) => {
        const term = pieces.join(' ');
        expect(matcher(term)).toEqual(plain(catalogue, term, dictionary));
      }),
      { numRuns: 400 },
    );
  });

  it('is exact on arbitrary text too: punctuation, unicode, Urdu script, repeated words (property)', () => {
    const wordy = fc.array(fc.oneof(fc.constantFrom('tea', 'Tea,', 'teas', 'ÇAY', 'İstanbul', 'ΣΊΣΥΦΟΣ', 'a-b', '—', 'x', "K&N's", 'Nescafé', 'چاول', 'چائے', 'corn flakes'), fc.string({ maxLength: 5 })), { maxLength: 8 }).map((w) => w.join(' '));
    const product = fc.record({ name: wordy, description: wordy, category: wordy, brand: wordy });
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 6 }), fc.array(fc.oneof(wordy, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 2 }), (list, terms) => {
        const products = list.map((p, i) => ({ ...p, name: p.name || 'n', _id: `p-${i}`, price: 10, discount: 0, stock: i % 3, rating: (i % 4) + 0.5 }));
        const matcher = indexMatcher(products, dictionary);
        for (const term of terms) expect(matcher(term)).toEqual(plain(products, term, dictionary));
      }),
      { numRuns: 300 },
    );
  });
});

describe('makeSearchIndex', () => {
  it('at 10,000 generated products fits the cap (its cost is timed by bench:search, not here)', () => {
    const list = generateProducts(10_000, { seed: 42 }).map((p) => ({ ...p, description: p.description ?? '', brand: p.brand ?? '', price: Number(p.price), discount: Number(p.discount ?? 0), stock: Number(p.stock), rating: summarizeRatings(starsOf(p as Parameters<typeof starsOf>[0])).rating }));
    const index = makeSearchIndex(list);
    expect('skipped' in index).toBe(false);
    if ('skipped' in index) return;
    expect(index.gzBytes).toBeLessThanOrEqual(SEARCH_INDEX_MAX_GZ);
    expect(index.url).toBe('/search-index.json');
  });

  it('the endpoint answers the index at its address, and an empty 404 (no file written) without one', async () => {
    const { GET } = await import('../../pages/search-index.json.ts');
    const built = Symbol.for('kiryana.build.search-index');
    const shared = globalThis as { [built]?: Promise<unknown> };
    const before = shared[built];
    try {
      const index = makeSearchIndex(catalogue.slice(0, 10));
      if ('skipped' in index) throw new Error('ten products fit');
      shared[built] = Promise.resolve(index);
      const reply = await GET({} as Parameters<typeof GET>[0]);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await reply.text()).toBe(index.json);
      shared[built] = Promise.resolve(null);
      const none = await GET({} as Parameters<typeof GET>[0]);
      expect(none.status).toBe(404);
      // Astro writes no file for a reply without a body.
      expect(none.body).toBeNull();
    } finally {
      shared[built] = before;
    }
  });

  it('emits no index when the catalogue is too large, without building it', () => {
    // Decided from the count alone: a product read (which building would do) throws.
    const list = new Proxy(Array.from({ length: 100_000 }, (_, i) => ({ ...catalogue[i % catalogue.length], _id: `p-${i}` })), {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) throw new Error(`product ${key} was read`);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(makeSearchIndex(list)).toHaveProperty('skipped');
    expect(makeSearchIndex(catalogue.slice(0, 50), 100)).toHaveProperty('skipped');
  });

  it('keeps one address whatever the catalogue holds; only its content and version change', () => {
    const a = makeSearchIndex(catalogue.slice(0, 10));
    const b = makeSearchIndex(catalogue.slice(0, 11));
    if ('skipped' in a || 'skipped' in b) throw new Error('both fit');
    expect([a.url, b.url]).toEqual([SEARCH_INDEX_URL, SEARCH_INDEX_URL]);
    expect(a.json).not.toBe(b.json);
    expect(a.version).not.toBe(b.version);
    // The service worker keeps the copy for offline at the same address.
    expect(SEARCH_INDEX_PATH).toBe(SEARCH_INDEX_URL);
  });
});
