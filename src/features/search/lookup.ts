/**
 * Where suggestions come from, in order:
 * 1. the build's search index, fetched once a page (prepare() on first focus), matched here; kept
 *    only in the page's memory: the next page asks the browser again, whose HTTP cache revalidates
 *    it (no-cache and an ETag), so online a rebuilt index is never read stale;
 * 2. when there is no index (a catalogue too large for one) or it cannot be fetched: the API,
 *    GET /api/products?q=&limit=5;
 * 3. when that fails too: the products already on the page (the cards' items: catalog/item.ts), by name,
 *    description, category and brand (the cards' `data-search`).
 * `lookup` answers synchronously once the index is in memory, so a keystroke costs no extra task.
 */
import { salePrice } from '#lib/money.ts';
import { itemIn } from '#features/catalog/item.ts';
import { SearchApi } from './api.ts';
import { decodeIndex, suggest, suggestFromPage, type DecodedIndex, type Suggestion } from './suggestions.ts';

export const INDEX_READY_MARK = 'kiryana:suggest:index-ready';

export interface SuggestionSource {
  /** Starts fetching the index; idempotent. */
  prepare(): void;
  lookup(term: string): Suggestion[] | Promise<Suggestion[]>;
}

/** The products whose cards are on this page, with the text their card carries for matching. */
export function pageProducts(root: ParentNode = document): (Suggestion & { search?: string; stock: number })[] {
  const seen = new Map<string, Suggestion & { search?: string; stock: number }>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-item]')) {
    const item = itemIn(el);
    if (item && !seen.has(item._id)) {
      seen.set(item._id, { id: item._id, name: item.name, price: salePrice(item), image: item.image, search: el.dataset.search, stock: item.stock });
    }
  }
  return [...seen.values()];
}

export function createSuggestionSource(indexUrl: string | undefined, api = new SearchApi()): SuggestionSource {
  let index: DecodedIndex | null = null;
  let loading: Promise<DecodedIndex | null> | undefined;

  const prepare = () => {
    if (loading) return;
    loading = !indexUrl
      ? Promise.resolve(null)
      : api.index(indexUrl).then((result) => {
          if (!result.ok) return null;
          index = decodeIndex(result.data);
          performance.mark(INDEX_READY_MARK);
          return index;
        });
  };

  const fromApiOrPage = async (term: string): Promise<Suggestion[]> => {
    const found = await api.suggestions(term);
    return found.ok ? found.data : suggestFromPage(pageProducts(), term).map(({ search: _, stock: __, ...s }) => s);
  };

  return {
    prepare,
    lookup(term) {
      if (index) return suggest(index, term);
      prepare();
      return loading!.then((ready) => (ready ? suggest(ready, term) : fromApiOrPage(term)));
    },
  };
}

/** One source a page: the header's and the drawer's boxes share the index. */
const sources = new Map<string, SuggestionSource>();
export function sharedSuggestionSource(indexUrl: string | undefined): SuggestionSource {
  const key = indexUrl ?? '';
  let source = sources.get(key);
  if (!source) sources.set(key, (source = createSuggestionSource(indexUrl)));
  return source;
}
