/** Shared e2e helpers: read the catalogue from the same API the build used. */
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import type { Category, Product, ProductDetail } from '#lib/schemas/catalog.ts';

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

// TEMPORARY LOCAL MAILBOX (not committed): reads mails printed to the dev store's log.
import { readFileSync } from 'node:fs';
const taken = new Set<number>();
const mailbox = {
  async waitFor(to: string, { subject }: { subject?: string | RegExp } = {}) {
    for (let i = 0; i < 100; i++) {
      const log = readFileSync('/tmp/auth-ui-store.log', 'utf8');
      const re = /✉ Mail[^\n]*\nTo: ([^\n]+)\nSubject: ([^\n]+)\n([\s\S]*?)✉ End of mail/g;
      for (const m of log.matchAll(re)) {
        if (taken.has(m.index!) || m[1].trim().toLowerCase() !== to.toLowerCase()) continue;
        if (subject && !(typeof subject === 'string' ? m[2] === subject : subject.test(m[2]))) continue;
        taken.add(m.index!);
        return { to, subject: m[2], text: m[3], html: '' };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to}`);
  },
};
export const test = base.extend<{ catalog: CatalogFixture; mailbox: typeof mailbox }>({
  catalog: async ({ request }, use) => use(new CatalogFixture(request)),
  mailbox: async ({}, use) => use(mailbox),
});

export { expect };

/** `Rs. 1,250` as the pages print it. */
export const rs = (n: number) => `Rs. ${n.toLocaleString('en-US')}`;
