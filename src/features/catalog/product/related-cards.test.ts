/**
 * The related cards drawn by the product page's script are the cards the build wrote before: the
 * same card-html.ts markup, byte for byte, from the JSON the page carries.
 */
import { describe, expect, it } from 'vitest';
import { builtCardSearchText } from '#lib/search-carried.ts';
import { productCardHtml } from '../card-html.ts';
import { product } from '../test-products.ts';
import { relatedHtml } from './details-html.ts';
import { relatedCard, relatedCardHtml, RELATED_CARDS_ATTRIBUTE, type RelatedCard } from './related-cards.ts';

const hostile = product(9, {
  name: 'Tea </script><img src=x onerror=alert(1)> "Special"',
  brand: 'A&B',
  description: 'Strong <b>tea</b>, leaf & dust.',
  category: 'Tea & Coffee',
  discount: 20,
  stock: 0,
  numRatings: 1,
  rating: 4.2,
  images: ['/images/products/p-009.webp', '/images/products/p-009-alt.webp'],
});
const plain = product(12, { image: '/images/products/p-012.webp', numRatings: 0 });

/** The cards' JSON of a built section, read as the page's script reads it. */
function cardsIn(section: string): RelatedCard[] {
  const json = new RegExp(`<script type="application/json" ${RELATED_CARDS_ATTRIBUTE}>(.*?)</script>`).exec(section)?.[1];
  return JSON.parse(json ?? 'null') as RelatedCard[];
}

describe('the related cards', () => {
  it('are drawn as the build writes a card, from the JSON the page carries', () => {
    const section = relatedHtml([hostile, plain], false);
    const cards = cardsIn(section);
    expect(cards.map((c) => c._id)).toEqual([hostile._id, plain._id]);
    expect(cards.map(relatedCardHtml)).toEqual([hostile, plain].map((p) => productCardHtml(p, { searchText: builtCardSearchText })));
  });

  it('carry no markup the page would run: nothing in the JSON can end its script', () => {
    const section = relatedHtml([hostile], false);
    expect(section.match(/<\/script>/g)).toHaveLength(1);
    expect(section).not.toContain('<img src=x');
    expect(relatedCardHtml(relatedCard(hostile, builtCardSearchText))).toContain('Tea &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &quot;Special&quot;');
  });

  it('hold their place with an empty box each until drawn', () => {
    const section = relatedHtml([hostile, plain, product(3)], true);
    expect(section.match(/<li class="card-slot"><\/li>/g)).toHaveLength(3);
    expect(section).not.toContain('data-testid="product-card"');
    expect(relatedHtml([hostile, plain, product(3)], true)).toBe(section);
    expect(relatedHtml([], true)).toBe('');
  });
});
