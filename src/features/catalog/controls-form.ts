/**
 * The category page's controls form as the page holds it: what its native fields say. Read by the
 * island when it mounts (a choice made before hydration is kept) and by the page's own script that
 * answers the first change before the island runs (controls-early.ts). No React here: that script
 * loads with the page.
 */
import { PRICE_MAX, type Filters } from './listing-state.ts';
import { DEFAULT_FILTERS, PRICE_STEPS, parseFilters } from './listing-filters.ts';

/** The controls form's id (CategoryBrowser renders it). */
export const CONTROLS_ID = 'listing-controls';
/** The island's name (CategoryListing.astro, hydrate-controls.ts). */
export const CONTROLS_ISLAND = 'category-controls';

/** The fields of the controls form that left their default: what the shopper set on them. */
export function changedControls(form: HTMLFormElement | null, stops: readonly number[] = PRICE_STEPS): Partial<Filters> {
  if (!form) return {};
  const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null)?.value ?? '';
  const priceStop = field('maxPrice');
  const dom: Filters = {
    ...parseFilters(new URLSearchParams({ sort: field('sort'), view: field('view'), rating: field('rating') })),
    maxPrice: priceStop === '' ? PRICE_MAX : (stops[Number(priceStop)] ?? PRICE_MAX),
  };
  return Object.fromEntries(Object.entries(dom).filter(([key, value]) => value !== DEFAULT_FILTERS[key as keyof Filters]));
}

/** What the page asks for: the URL's filters, with what the shopper set on the controls over them. */
export function pageFilters(form: HTMLFormElement | null, search: string, stops: readonly number[] = PRICE_STEPS): Filters {
  return { ...parseFilters(new URLSearchParams(search), stops), ...changedControls(form, stops) };
}
