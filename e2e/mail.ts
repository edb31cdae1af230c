/**
 * The store's outgoing mail as the e2e tests read it: scripts/e2e-server.ts writes each mail its
 * SMTP server receives to the store's mail folder (e2e/stores.ts), one JSON file each.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { mailDir } from './stores.ts';

/** The embedded-database store's mail. */
export const MAIL_DIR = mailDir('pglite');

export interface DeliveredMail {
  /** Envelope recipients, lowercased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** The mails this process has read, by path: a kept mail never changes (it is written aside, then renamed). */
const read = new Map<string, DeliveredMail>();

async function mailAt(path: string): Promise<DeliveredMail> {
  let mail = read.get(path);
  if (!mail) read.set(path, (mail = JSON.parse(await readFile(path, 'utf8')) as DeliveredMail));
  return mail;
}

/** The store's outgoing mail as the test SMTP server received it. */
export class Mailbox {
  /** Files already handed out by waitFor: each mail is returned once. */
  private readonly taken = new Set<string>();
  private readonly dir: string;

  /** The mail of the store that keeps it in `dir`. */
  constructor(dir = MAIL_DIR) {
    this.dir = dir;
  }

  /** The oldest mail to `to` (and matching `subject`) not yet returned, polling until it arrives. */
  async waitFor(to: string, { subject, timeout = 20_000 }: { subject?: string | RegExp; timeout?: number } = {}): Promise<DeliveredMail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeout;
    for (;;) {
      const files = (await readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json') && !this.taken.has(f)).sort();
      for (const file of files) {
        const mail = await mailAt(join(this.dir, file));
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

/** Waits `ms` and says there is no (further) mail to `email` whose subject matches. */
export async function noMoreMail(mailbox: Mailbox, email: string, subject: RegExp, ms = 3000): Promise<void> {
  await expect(mailbox.waitFor(email, { subject, timeout: ms })).rejects.toThrow(/No mail/);
}
