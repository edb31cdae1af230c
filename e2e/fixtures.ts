/**
 * The e2e tests' `test` and its fixtures: `catalog` reads the catalogue from the same API the build
 * used, `mailbox` the mail the store sent (e2e/mail.ts), each of the store the test's project runs
 * against (e2e/stores.ts).
 */
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import type { Category, Product, ProductDetail } from '#lib/schemas/catalog.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { Mailbox } from './mail.ts';
import { mailDir, storeOfProject, type StoreName } from './stores.ts';

export class CatalogFixture {
  private readonly request: APIRequestContext;
  constructor(request: APIRequestContext) {
    this.request = request;
  }

  async products(): Promise<Product[]> {
    const reply = await this.request.get('/api/products?limit=500');
    expect(reply.ok()).toBeTruthy();
    return (await reply.json()).data.products;
  }

  /** The shop's search dictionary, as the build reads it. */
  async dictionary(): Promise<SynonymEntry[]> {
    const reply = await this.request.get('/api/search/dictionary');
    expect(reply.ok()).toBeTruthy();
    return (await reply.json()).data.synonyms;
  }

  async categories(): Promise<Category[]> {
    const reply = await this.request.get('/api/category');
    return (await reply.json()).data;
  }

  async product(id: string): Promise<ProductDetail> {
    const reply = await this.request.get(`/api/products/${encodeURIComponent(id)}`);
    return (await reply.json()).data;
  }

  async find(predicate: (p: Product) => boolean): Promise<ProductDetail> {
    const match = (await this.products()).find(predicate);
    if (!match) throw new Error('No seeded product matches');
    return this.product(match._id);
  }
}

export const test = base.extend<{ catalog: CatalogFixture; mailbox: Mailbox }>({
  // A route handler still at work when its test ends (a page's request the test no longer waits
  // for) is let go, not reported as an error outside every test.
  page: async ({ page }, use) => {
    await use(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
  catalog: async ({ request }, use) => use(new CatalogFixture(request)),
  mailbox: async ({}, use, testInfo) => use(new Mailbox(mailDir(storeOfProject(testInfo.project)))),
});

/** The store the running test's project runs against. */
export const currentStore = (): StoreName => storeOfProject(test.info().project);

export { expect };

/** `Rs. 1,250` as the pages print it. */
export const rs = (n: number) => `Rs. ${n.toLocaleString('en-US')}`;
