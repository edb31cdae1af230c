/**
 * The category page's own script: it answers the controls before their island runs. The island
 * (CategoryBrowser) needs React, which a slow phone takes seconds to download and start; this
 * script is small and loads with the page. A change to the sort or the view made before the island
 * has mounted (a tap, a key, or a value set with no focus at all: autofill, assistive technology,
 * a script) is answered here: the static grid is dimmed and marked busy at once, the listing the
 * island would ask for (the same URL) is asked for, and its cards (card-html.ts) are drawn into the
 * static grid when the reply is in. The request is left for the island (listing-api's
 * FIRST_LISTING_GLOBAL), which takes it over when it mounts, reads the controls' values and adopts
 * the drawn cards (early-cards.ts): nothing is asked twice, nothing chosen is lost, nothing flashes.
 * Back at the static page's own order, the static cards come back.
 *
 * Marks the island's element `data-controls-ready` once it listens (benchmarks wait for it). Must
 * not throw.
 */
import { runLater } from '#components/later.ts';
import { buildUrl, defaultApiBase } from '#lib/api.ts';
import { productCardHtml } from './card-html.ts';
import { CONTROLS_ID, CONTROLS_ISLAND, pageFilters } from './controls-form.ts';
import { drawCards } from './early-cards.ts';
import { FIRST_LISTING_GLOBAL, goodListing, type FirstListingHandoff } from './listing-api.ts';
import { listingCountText, parseFilters, showsStaticListing, DEFAULT_FILTERS } from './listing-filters.ts';
import { LISTING_LAYOUT, productsQuery, type Filters } from './listing-state.ts';

const island = document.querySelector<HTMLElement>(`[data-island="${CONTROLS_ISLAND}"]`);
const form = document.getElementById(CONTROLS_ID) as HTMLFormElement | null;
const grid = document.querySelector<HTMLElement>('[data-testid="product-grid"]');
const count = document.querySelector<HTMLElement>('[data-testid="result-count"]');
const pages = document.querySelector<HTMLElement>('[data-static-listing] nav[aria-label="Pages"]');

/** The static listing as built, to come back to. */
const built = grid && count && { cards: grid.innerHTML, className: grid.className, count: count.textContent ?? '' };
const BUSY = ['opacity-50', 'transition-opacity'];
let ticket = 0;

/** The island's props (categoryId, page, priceStops), from its JSON script. */
function islandProps(): { categoryId: string; page: number; priceStops?: number[]; total: number } | undefined {
  const json = island?.previousElementSibling;
  if (!json?.matches(`script[data-island-props="${CONTROLS_ISLAND}"]`)) return undefined;
  const props = JSON.parse(json.textContent ?? '{}') as { categoryId?: unknown; page?: unknown; priceStops?: unknown; total?: unknown };
  const stops = Array.isArray(props.priceStops) && props.priceStops.every((n) => typeof n === 'number') ? (props.priceStops as number[]) : undefined;
  return typeof props.categoryId === 'string' && typeof props.page === 'number' ? { categoryId: props.categoryId, page: props.page, priceStops: stops, total: typeof props.total === 'number' ? props.total : Infinity } : undefined;
}

/** Whether the island has mounted: from then on the controls are its own. */
const islandMounted = () => !!form?.hasAttribute('data-island-mounted');

/** The view switch's look, as the island renders it for `view` (its labels are not live before it runs). */
function showView(view: Filters['view']): void {
  for (const input of form?.querySelectorAll<HTMLInputElement>('input[name="view"]') ?? []) {
    const on = input.value === view;
    const label = input.closest('label');
    label?.classList.toggle('bg-brand-700', on);
    label?.classList.toggle('text-white', on);
    label?.classList.toggle('text-stone-700', !on);
    label?.classList.toggle('hover:bg-stone-100', !on);
  }
}

function setBusy(busy: boolean): void {
  grid?.setAttribute('aria-busy', String(busy));
  for (const c of BUSY) grid?.classList.toggle(c, busy);
}

function answer(): void {
  const props = islandProps();
  if (!grid || !count || !built || !props || islandMounted() || grid.closest<HTMLElement>('[hidden]')) return;
  const filters = pageFilters(form, location.search, props.priceStops);
  showView(filters.view);
  const mine = ++ticket;
  if (same(filters, DEFAULT_FILTERS)) {
    // The page as built: its own cards, order and page links.
    grid.innerHTML = built.cards;
    grid.className = built.className;
    count.textContent = built.count;
    if (pages) pages.hidden = false;
    setBusy(false);
    return;
  }
  const query = { category: props.categoryId, ...productsQuery(filters, showsStaticListing(filters) ? props.page : 1) };
  const handoff: FirstListingHandoff = { url: buildUrl(defaultApiBase(), '/api/products', query), promise: Promise.resolve(null) };
  handoff.promise = fetch(handoff.url)
    .then((r) => (r.ok ? r.text() : null))
    .catch(() => null)
    .then((text) => (handoff.text = text));
  (globalThis as { [FIRST_LISTING_GLOBAL]?: FirstListingHandoff })[FIRST_LISTING_GLOBAL] = handoff;
  setBusy(true);
  count.textContent = 'Loading products…';
  void handoff.promise.then((text) => {
    if (mine !== ticket || grid.closest('[hidden]')) return;
    setBusy(false);
    const listing = text ? goodListing(text) : undefined;
    if (!listing?.ok || listing.data.products.length === 0) {
      // Not a listing to draw (an error, nothing matching): the island's panels say so when it runs.
      count.textContent = built.count;
      return;
    }
    const { products, pagination } = listing.data;
    drawCards(
      grid,
      products.map((p, i) => ({ id: p._id, html: productCardHtml(p, { layout: filters.view, eager: i < 2 }) })),
    );
    grid.className = `mt-6 ${LISTING_LAYOUT[filters.view]}`;
    grid.dataset.view = filters.view;
    // The island's count line; the static page links are for the order as built.
    count.textContent = listingCountText(products.length, pagination.total, filters, props.total);
    if (pages) pages.hidden = true;
  });
}

const same = (a: Filters, b: Filters) => a.sort === b.sort && a.maxPrice === b.maxPrice && a.rating === b.rating && a.view === b.view;

try {
  if (form && island) {
    // 'change' for the select and the radios however their value was set; the island, woken by
    // the same event (wake.ts), takes over when it has mounted.
    form.addEventListener('change', () => {
      try {
        answer();
      } catch {
        setBusy(false);
      }
    });
    island.setAttribute('data-controls-ready', '');
    // A value changed before this script ran (a tap at the first paint) is answered now, and wakes
    // the island, whose own listeners may have come too late for it as well.
    const stops = islandProps()?.priceStops;
    if (!same(pageFilters(form, location.search, stops), parseFilters(new URLSearchParams(location.search), stops))) {
      answer();
      runLater(`island-${CONTROLS_ISLAND}`);
    }
  }
} catch {
  // The island answers when it runs.
}
