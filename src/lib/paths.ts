/** Every URL the store links to is built here. Trailing slashes match the static output. */

export const paths = {
  home: () => '/',
  product: (id: string) => `/product/${encodeURIComponent(id)}/`,
  category: (idOrName: string) => `/category/${encodeURIComponent(idOrName)}/`,
  categoryPage: (id: string, page: number) =>
    page <= 1 ? paths.category(id) : `/category/${encodeURIComponent(id)}/page/${page}/`,
  /** The search page itself: the action of the search forms (GET, the term in `q`). */
  searchPage: () => '/search/',
  search: (q: string, category?: string) => {
    const params = new URLSearchParams({ q });
    if (category) params.set('category', category);
    return `${paths.searchPage()}?${params}`;
  },
  cart: () => '/cart/',
  wishlist: () => '/wishlist/',
  signin: () => '/signin/',
  register: () => '/register/',
  forgotPassword: () => '/forgotpassword/',
  checkout: () => '/checkout-page/',
  account: () => '/account/',
  profile: () => '/profile/',
  orderStatusForm: () => '/OrderStatus/',
  orderStatus: (id: string) => `/order/order-status/${encodeURIComponent(id)}/`,
  orderSuccess: (id: string) => `/order/success/${encodeURIComponent(id)}/`,
} as const;

/** Routes where SPEC.md hides the header and footer. */
export const CHROMELESS_PREFIXES = [
  '/signin',
  '/register',
  '/forgotpassword',
  '/passwordreset',
  '/checkout',
  '/checkout-page',
  '/account',
  '/cart',
] as const;

export function hidesChrome(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return CHROMELESS_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
