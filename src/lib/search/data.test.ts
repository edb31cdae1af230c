/**
 * The search data the shop ships: the dictionary (src/server/seed/synonyms.json) and the search
 * test set (scripts/bench/search-queries.json, which `npm run bench:search` scores). Both are
 * written from the seeded catalogue, so they are checked against it: every meaning names words the
 * catalogue really has, every query has a right answer in it, and the rule with the dictionary puts
 * a right answer in the first three for the test set.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { starsOf, summarizeRatings } from '#lib/ratings.ts';
import { products, categories } from '#server/seed/catalogue.ts';
import { repeatedSynonymWords, synonymProblems, SYNONYM_LIMITS, type SynonymEntry } from './dictionary.ts';
import { stem, words } from './fold.ts';
import { createSearcher } from './searcher.ts';
import { productTokens } from './tokens.ts';

const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const synonyms = (readJson('../../server/seed/synonyms.json') as { synonyms: SynonymEntry[] }).synonyms;
const queries = readJson('../../../scripts/bench/search-queries.json') as { q: string; kind: string; relevant: string }[];

const KINDS = ['english', 'roman-urdu', 'urdu', 'typo', 'brand', 'folding', 'plural', 'compound', 'local-english'];

const seeded = products.map((p) => ({
  id: p._id,
  name: p.name,
  brand: p.brand ?? '',
  category: p.category,
  description: p.description ?? '',
  stock: Number(p.stock ?? 0),
  rating: summarizeRatings(starsOf(p as Parameters<typeof starsOf>[0])).rating,
}));

/** Every name, brand and category token of the seeded catalogue: what a meaning may name. */
const titleTokens = new Set(
  seeded.flatMap((p) => {
    const t = productTokens(p);
    return [...t.name, ...t.brand, ...t.category];
  }),
);

describe('the shipped dictionary', () => {
  it('is a real shop’s dictionary: at least 150 entries, each one the editors’ form would save', () => {
    expect(synonyms.length).toBeGreaterThanOrEqual(150);
    for (const entry of synonyms) {
      expect(synonymProblems(entry), JSON.stringify(entry)).toEqual([]);
      for (const text of [...entry.words, ...entry.means]) {
        expect(text, text).toBe(text.trim());
        expect(text.length).toBeGreaterThanOrEqual(1);
        expect(text.length).toBeLessThanOrEqual(SYNONYM_LIMITS.chars);
        expect(words(text).length).toBeGreaterThanOrEqual(1);
        expect(words(text).length).toBeLessThanOrEqual(SYNONYM_LIMITS.phraseWords);
      }
    }
  });

  it('says one thing per word: no typed word or phrase is in two entries', () => {
    expect(repeatedSynonymWords(synonyms)).toEqual([]);
  });

  it('writes Urdu script without vowel signs, so it reads as shoppers type it', () => {
    const marked = synonyms.flatMap((e) => [...e.words, ...e.means]).filter((text) => /\p{M}/u.test(text));
    expect(marked).toEqual([]);
    const urdu = synonyms.flatMap((e) => e.words).filter((text) => /\p{Script=Arabic}/u.test(text));
    expect(urdu.length).toBeGreaterThanOrEqual(100);
  });

  it('means only words the seeded catalogue has in a name, brand or category', () => {
    const unknown = synonyms.flatMap((e) => e.means.flatMap(words)).filter((w) => !titleTokens.has(w) && !titleTokens.has(stem(w)));
    expect(unknown).toEqual([]);
  });

  it('covers every category: each has products that some entry’s meaning finds by name', () => {
    const meant = new Set(synonyms.flatMap((e) => e.means.flatMap(words)));
    const bare = categories.filter((c) => !seeded.some((p) => p.category === c.name && productTokens(p).name.some((t) => meant.has(t))));
    expect(bare.map((c) => c.name)).toEqual([]);
  });
});

describe('the search test set', () => {
  it('has at least 75 queries, 20 of today’s English kind and 55 of the new kinds', () => {
    expect(queries.length).toBeGreaterThanOrEqual(75);
    for (const x of queries) expect(KINDS, x.q).toContain(x.kind);
    expect(queries.filter((x) => x.kind === 'english').length).toBeGreaterThanOrEqual(20);
    expect(queries.filter((x) => x.kind !== 'english').length).toBeGreaterThanOrEqual(55);
    for (const kind of KINDS) expect(queries.some((x) => x.kind === kind), kind).toBe(true);
    expect(new Set(queries.map((x) => x.q)).size).toBe(queries.length);
  });

  it('gives each query a valid pattern that some seeded product’s name matches', () => {
    for (const x of queries) {
      const relevant = new RegExp(x.relevant, 'i');
      expect(
        seeded.some((p) => relevant.test(p.name)),
        x.q,
      ).toBe(true);
    }
  });

  it('does not count the letters inside other words as right answers (anda is not sandals, tel not Nutella)', () => {
    const relevantTo = (q: string) => new RegExp(queries.find((x) => x.q === q)!.relevant, 'i');
    expect(relevantTo('anda').test('Bata Comfit Ladies Sandals')).toBe(false);
    expect(relevantTo('tel').test('Nutella Hazelnut Spread 350g')).toBe(false);
  });

  describe('scored with the rule and the dictionary on the seeded catalogue', () => {
    const searcher = createSearcher(seeded, synonyms);
    const topThreeFinds = (x: (typeof queries)[number]) => {
      const relevant = new RegExp(x.relevant, 'i');
      return searcher.search(x.q, 3).some((p) => relevant.test(p.name));
    };

    it('puts a right answer in the first three for at least 90 % of the queries', () => {
      const missed = queries.filter((x) => !topThreeFinds(x)).map((x) => x.q);
      expect(missed.length / queries.length, missed.join(', ')).toBeLessThanOrEqual(0.1);
    });

    it('puts a right answer in the first three for every English query', () => {
      expect(queries.filter((x) => x.kind === 'english' && !topThreeFinds(x)).map((x) => x.q)).toEqual([]);
    });

    it('finds nothing by the letters inside other words', () => {
      expect(searcher.search('anda').map((p) => p.name)).not.toContain('Bata Comfit Ladies Sandals');
      expect(searcher.search('tel').map((p) => p.name)).not.toContain('Nutella Hazelnut Spread 350g');
    });

    it('needs the dictionary for the Roman Urdu and Urdu script queries', () => {
      const bare = createSearcher(seeded);
      const local = queries.filter((x) => x.kind === 'roman-urdu' || x.kind === 'urdu');
      const foundBare = local.filter((x) => bare.search(x.q, 3).some((p) => new RegExp(x.relevant, 'i').test(p.name)));
      expect(foundBare.length).toBeLessThan(local.length / 2);
    });
  });
});
