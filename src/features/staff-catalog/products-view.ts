/**
 * The products list's question, kept in the page's address (so a reload, a shared link or the back
 * button shows the same list): search words, a category, the stock (all, low: 1 to 10, out: 0), on
 * or off sale, and the page. Defaults are left out of the address.
 */
export const STOCK_FILTERS = [
  { value: 'low', name: 'Low stock (10 or fewer)' },
  { value: 'out', name: 'Out of stock' },
] as const;
export const SALE_FILTERS = [
  { value: 'on', name: 'On sale' },
  { value: 'off', name: 'Off sale' },
] as const;
/** Products a page. */
export const PRODUCTS_PAGE_SIZE = 50;
/** At most this many in stock counts as low. */
export const LOW_STOCK = 10;

export interface ProductFilters {
  q?: string;
  category?: string;
  stock?: 'low' | 'out';
  sale?: 'on' | 'off';
  page?: number;
}

const oneOf = <T extends string>(value: string | null, allowed: readonly { value: T }[]): T | undefined =>
  allowed.find((a) => a.value === value)?.value;

/** The filters an address's query asks for; anything unknown is left out. */
export function filtersFromSearch(search: string): ProductFilters {
  const p = new URLSearchParams(search);
  const page = Number(p.get('page'));
  const f: ProductFilters = {
    q: p.get('q')?.trim() || undefined,
    category: p.get('category')?.trim() || undefined,
    stock: oneOf(p.get('stock'), STOCK_FILTERS),
    sale: oneOf(p.get('sale'), SALE_FILTERS),
    page: Number.isSafeInteger(page) && page > 1 ? page : undefined,
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as ProductFilters;
}

/** The address's query for `f` ('' for the whole list's first page). */
export function searchOf(f: ProductFilters): string {
  const p = new URLSearchParams();
  for (const key of ['q', 'category', 'stock', 'sale', 'page'] as const) {
    const v = f[key];
    if (v !== undefined && v !== '' && !(key === 'page' && v === 1)) p.set(key, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The API's query for `f`. */
export function listQuery(f: ProductFilters): Record<string, string | number> {
  return { ...(f.q ? { q: f.q } : {}), ...(f.category ? { category: f.category } : {}), stock: f.stock ?? 'all', sale: f.sale ?? 'all', page: f.page ?? 1, limit: PRODUCTS_PAGE_SIZE };
}

/** "123 products" / "1 product". */
export const productsText = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

/** How a row's stock reads: "Out of stock", "Low: 4", "37". */
export function stockText(stock: number): string {
  if (stock <= 0) return 'Out of stock';
  return stock <= LOW_STOCK ? `Low: ${stock}` : String(stock);
}
