/**
 * Shared e2e helpers: read the catalogue from the same API the build used, and read the mail the
 * store sent (scripts/e2e-server.ts writes each mail its SMTP server receives to .cache/e2e/mail).
 */
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

export const MAIL_DIR = fileURLToPath(new URL('../.cache/e2e/mail', import.meta.url));

export interface DeliveredMail {
  /** Envelope recipients, lowercased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** The store's outgoing mail as the test SMTP server received it. */
export class Mailbox {
  /** Files already handed out by waitFor: each mail is returned once. */
  private readonly taken = new Set<string>();

  /** The oldest mail to `to` (and matching `subject`) not yet returned, polling until it arrives. */
  async waitFor(to: string, { subject, timeout = 20_000 }: { subject?: string | RegExp; timeout?: number } = {}): Promise<DeliveredMail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeout;
    for (;;) {
      const files = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.json') && !this.taken.has(f)).sort();
      for (const file of files) {
        const mail = JSON.parse(await readFile(join(MAIL_DIR, file), 'utf8')) as DeliveredMail;
        const subjectMatches = subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
        if (mail.to.includes(address) && subjectMatches) {
          this.taken.add(file);
          return mail;
        }
      }
      if (Date.now() > deadline) throw new Error(`No mail to ${to}${subject ? ` with subject ${String(subject)}` : ''} within ${timeout} ms`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

export const test = base.extend<{ catalog: CatalogFixture; mailbox: Mailbox }>({
  catalog: async ({ request }, use) => use(new CatalogFixture(request)),
  mailbox: async ({}, use) => use(new Mailbox()),
});

export { expect };

/** `Rs. 1,250` as the pages print it. */
export const rs = (n: number) => `Rs. ${n.toLocaleString('en-US')}`;
