import { describe, expect, it } from 'vitest';
import { fold, stem, words } from './fold.ts';
import { compileDictionary, phraseKey, repeatedSynonymWords, synonymProblems, tidySynonym } from './dictionary.ts';
import { clausePlace, NOT_FOUND, relevanceOf, testPlace } from './match.ts';
import { MAX_QUERY_WORDS, planSearch, queryWords, titleVocabulary } from './plan.ts';
import { createSearcher } from './searcher.ts';
import { productTokens } from './tokens.ts';
import { allowedEdits, editDistance } from './typos.ts';

describe('folding', () => {
  it.each([
    ['Nescafé', 'nescafe'],
    ["K&N's", 'kns'],
    ["Olper's", 'olpers'],
    ['Kellogg’s', 'kelloggs'],
    ['COCA-COLA', 'coca-cola'],
    // The hamza and madda marks, Arabic keyboards' forms of ی, ک and ہ, the madda, a zero-width non-joiner and a tatweel.
    ['چائے', 'چایے'],
    ['چاۓ', 'چاے'],
    ['آٹا', 'اٹا'],
    ['كيلا', 'کیلا'],
    ['دو\u200cدھ', 'دودھ'],
    ['چـاول', 'چاول'],
  ])('%s → %s', (text, folded) => expect(fold(text)).toBe(folded));

  it('splits on anything that is not a letter or a digit', () => {
    expect(words('Coca-Cola 1.5L (Pack of 6)')).toEqual(['coca', 'cola', '1', '5l', 'pack', 'of', '6']);
    expect(words('  ')).toEqual([]);
    expect(words('چاول، آٹا')).toEqual(['چاول', 'اٹا']);
  });

  it.each([
    ['batteries', 'battery'],
    ['tomatoes', 'tomato'],
    ['boxes', 'box'],
    ['eggs', 'egg'],
    ['biscuits', 'biscuit'],
    ['glass', 'glass'],
    ['gas', 'gas'],
    ['tea', 'tea'],
    ['چاول', 'چاول'],
    ['5l', '5l'],
  ])('stem(%s) = %s', (word, stemmed) => expect(stem(word)).toBe(stemmed));
});

describe('typos', () => {
  it.each([
    ['pampars', 'pampers', 1],
    ['tomatos', 'tomato', 1],
    ['bananna', 'banana', 1],
    ['nesacfe', 'nescafe', 1],
    ['abcd', 'abcd', 0],
    ['shampooo', 'shampoo', 1],
  ])('%s to %s: %s edits', (a, b, d) => expect(editDistance(a, b, 2)).toBe(d));

  it('stops counting past the limit', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('forgives nothing under four letters, one up to seven, two past', () => {
    expect([allowedEdits('tea'), allowedEdits('milk'), allowedEdits('pampars'), allowedEdits('shampooo')]).toEqual([0, 1, 1, 2]);
  });
});

describe('tokens', () => {
  it('by field, with stems, joined pairs of the name and brand, and the description without repeats', () => {
    const t = productTokens({ name: "Kellogg's Corn Flakes", brand: "Kellogg's", category: 'Dietary, Lifestyle & World Foods', description: 'Crisp corn flakes for the breakfast table, with milk.' });
    expect(t.name).toEqual(['kelloggs', 'kellogg', 'corn', 'kelloggscorn', 'flakes', 'flake', 'cornflakes', 'cornflake']);
    expect(t.brand).toEqual(['kelloggs', 'kellogg']);
    expect(t.category).toEqual(['dietary', 'lifestyle', 'world', 'foods', 'food']);
    // "corn" and "flakes" are the name's; "for", "the", "with" are stop words.
    expect(t.more).toEqual(['crisp', 'breakfast', 'table', 'milk']);
  });
});

const vocabulary = titleVocabulary(['pampers', 'pamper', 'tomato', 'tomatoes', 'banana', 'bananas', 'rice', 'coca', 'cola', 'cocacola']);

describe('the plan', () => {
  it('reads at most MAX_QUERY_WORDS distinct words', () => {
    expect(queryWords('tea Tea TEA milk')).toEqual(['tea', 'milk']);
    expect(queryWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_QUERY_WORDS);
  });

  it('gives typos only to a word the catalogue does not know', () => {
    const dictionary = compileDictionary([]);
    expect(planSearch('pampars', dictionary, vocabulary).clauses[0].alternatives[0][0].typos).toEqual(['pampers']);
    expect(planSearch('pamp', dictionary, vocabulary).clauses[0].alternatives[0][0].typos).toEqual([]);
    expect(planSearch('tomatos', dictionary, vocabulary).clauses[0].alternatives[0][0].typos).toEqual([]);
    expect(planSearch('ric', dictionary, vocabulary).clauses[0].alternatives[0][0].typos).toEqual([]);
  });

  it('joins neighbouring words and applies the dictionary, phrases first', () => {
    const dictionary = compileDictionary([
      { words: ['coke'], means: ['coca cola'] },
      { words: ['cold drink', 'cold drinks'], means: ['cola'] },
    ]);
    const coke = planSearch('coke', dictionary, vocabulary).clauses[0].alternatives.map((a) => a.map((t) => t.word));
    expect(coke).toEqual([['coke'], ['coca', 'cola']]);
    const cold = planSearch('cold drinks', dictionary, vocabulary).clauses.map((c) => c.alternatives.map((a) => a.map((t) => t.word).join('+')));
    expect(cold).toEqual([
      ['cold', 'colddrinks', 'cola'],
      ['drinks', 'colddrinks', 'cola'],
    ]);
  });
});

describe('places', () => {
  const tokens = productTokens({ name: 'Milkpak Full Cream Milk', brand: 'Nestlé', category: 'Fresh & Chilled Food', description: 'Creamy UHT milk for chai.' });
  const plan = (term: string) => planSearch(term, compileDictionary([]), vocabulary);
  const place = (term: string) => clausePlace(tokens, plan(term).clauses[0]);

  it('name whole 0, name prefix 1, brand 3, category 4, description 5, else not found', () => {
    expect(place('milk')).toBe(0);
    expect(place('crea')).toBe(1);
    expect(place('nestle')).toBe(3);
    expect(place('chilled')).toBe(4);
    expect(place('chai')).toBe(5);
    // Words start tokens: "ilk" is inside "milk", not at its start.
    expect(place('ilk')).toBe(NOT_FOUND);
  });

  it('a mistyped name word is place 2, below the whole and the prefix', () => {
    const t = productTokens({ name: 'Pampers Baby Dry', brand: 'Pampers', category: 'Baby', description: '' });
    const test = plan('pampars').clauses[0].alternatives[0][0];
    expect(testPlace(t, test)).toBe(2);
  });

  it('a product matches only when every word is found', () => {
    expect(relevanceOf(tokens, plan('milk chai'))).not.toBeNull();
    expect(relevanceOf(tokens, plan('milk coffee'))).toBeNull();
    expect(relevanceOf(tokens, plan(''))).toBeNull();
  });
});

describe('the rule over a catalogue', () => {
  const product = (id: string, name: string, brand: string, category: string, description = '') => ({ id, name, brand, category, description, stock: 5, rating: 4 });
  const searcher = createSearcher(
    [
      product('sandals', 'Bata Comfit Ladies Sandals', 'Bata', 'Clothing & Accessories'),
      product('eggs', 'Farm Fresh Brown Eggs (12 pcs)', 'Kiryana Fresh', 'Fresh & Chilled Food'),
      product('nutella', 'Nutella Hazelnut Spread', 'Nutella', 'Dietary, Lifestyle & World Foods'),
      product('oil', 'Dalda Cooking Oil 3L', 'Dalda', 'Food Cupboard'),
      product('nescafe', 'Nescafé Classic Coffee 100g', 'Nescafé', 'Soft Drinks, Tea & Coffee'),
      product('kn', "K&N's Chicken Nuggets 1kg", "K&N's", 'Frozen Food'),
      product('cornflakes', "Kellogg's Corn Flakes 500g", "Kellogg's", 'Dietary, Lifestyle & World Foods'),
      product('coke', 'Coca-Cola 1.5L', 'Coca-Cola', 'Soft Drinks, Tea & Coffee'),
      product('rice', 'Guard Basmati Rice 5kg', 'Guard', 'Food Cupboard'),
      product('batteries', 'Energizer AA Batteries (4 pcs)', 'Energizer', 'Pets, Home & Garden'),
      product('pampers', 'Pampers Baby Dry Size 4', 'Pampers', 'Baby, Parent & Kids'),
    ],
    [
      { words: ['anda', 'anday', 'انڈے'], means: ['eggs'] },
      { words: ['tel', 'تیل'], means: ['oil'] },
      { words: ['chawal', 'چاول'], means: ['rice'] },
      { words: ['coke'], means: ['coca cola'] },
    ],
  );
  const first = (term: string) => searcher.search(term).map((p) => p.id);

  it.each([
    ['anda', ['eggs']],
    ['انڈے', ['eggs']],
    ['tel', ['oil']],
    ['nescafe', ['nescafe']],
    ['k&n', ['kn']],
    ['kn', ['kn']],
    ['kelloggs', ['cornflakes']],
    ['cornflakes', ['cornflakes']],
    ['corn flakes', ['cornflakes']],
    ['coca cola', ['coke']],
    ['cocacola', ['coke']],
    ['coke', ['coke']],
    ['chawal', ['rice']],
    ['چاول', ['rice']],
    ['battery', ['batteries']],
    ['egg', ['eggs']],
    ['pampars', ['pampers']],
    ['xylophone', []],
  ])('%s finds %j', (term, ids) => expect(first(term)).toEqual(ids));
});

describe('the dictionary', () => {
  it('checks an entry in the editor’s words', () => {
    expect(synonymProblems({ words: ['chawal'], means: ['rice'] })).toEqual([]);
    expect(synonymProblems({ words: [], means: ['rice'] })[0].field).toBe('words');
    expect(synonymProblems({ words: ['a'.repeat(41)], means: ['rice'] })[0].message).toMatch(/longer than 40/);
    expect(synonymProblems({ words: ['one two three four five'], means: ['rice'] })[0].message).toMatch(/more than 4 words/);
    expect(synonymProblems({ words: ['rice'], means: ['Rice'] })[0].message).toMatch(/both sides/);
    expect(synonymProblems({ words: ['ok\u0000'], means: ['rice'] })[0].message).toMatch(/cannot be typed/);
    expect(synonymProblems({ words: ['—'], means: ['rice'] })[0].message).toMatch(/no letters/);
  });

  it('tidies, and finds a typed word two entries claim', () => {
    expect(tidySynonym({ words: [' Chawal ', 'chawal', 'چاول'], means: ['rice'] })).toEqual({ words: ['Chawal', 'چاول'], means: ['rice'] });
    expect(repeatedSynonymWords([{ words: ['tel'], means: ['oil'] }, { words: ['Tel', 'ghee'], means: ['ghee'] }])).toEqual([phraseKey('tel')]);
  });
});
