/** The built pages as the e2e tests meet them: read from the store's own sitemap and API. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Category } from '#lib/schemas/catalog.ts';

export interface BuiltPages {
  /** Every page the sitemap lists, as paths: home, text pages, category pages, product pages. */
  sitemap: string[];
  textPages: string[];
  /** Category pages after the first (`/category/{id}/page/{n}/`). */
  laterCategoryPages: string[];
  /** Built pages the sitemap leaves out: category page 1 by name, the cart, the wishlist, the sign-in, registration and password pages, the checkout, the order tracking form, the order pages (an unknown order), the error page's two variants, the staff sign-in and invitation pages. */
  unlisted: string[];
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).pathname);

export async function builtPages(request: APIRequestContext): Promise<BuiltPages> {
  const index = await request.get('/sitemap.xml');
  expect(index.ok()).toBeTruthy();
  const sitemap: string[] = [];
  for (const chunk of locs(await index.text())) {
    const reply = await request.get(chunk);
    expect(reply.ok()).toBeTruthy();
    sitemap.push(...locs(await reply.text()));
  }
  const categories: Category[] = (await (await request.get('/api/category')).json()).data;
  return {
    sitemap,
    textPages: sitemap.filter((p) => p !== '/' && !p.startsWith('/product/') && !p.startsWith('/category/')),
    laterCategoryPages: sitemap.filter((p) => /^\/category\/[^/]+\/page\/\d+\/$/.test(p)),
    unlisted: [
      ...categories.map((c) => `/category/${encodeURIComponent(c.name)}/`),
      '/cart/',
      '/wishlist/',
      '/signin/',
      '/register/',
      '/forgotpassword/',
      '/passwordreset/some-token',
      '/checkout-page/',
      '/OrderStatus/',
      '/order/success/some-unknown-order/',
      '/order/order-status/some-unknown-order/',
      '/no/such/page/',
      '/product/no-such-product-123/',
      // The staff pages a visitor signed out stays on (the others send them to the first).
      '/staff/',
      '/staff/accept/',
    ],
  };
}
