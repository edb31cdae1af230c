/**
 * Sending the store's mails. With an SMTP URL, through nodemailer; without one, the whole mail
 * (to, subject, text) is printed to the log, so no mail is ever dropped silently.
 *
 * A failed send is tried again (3 attempts, waiting 1 s then 2 s by default); every failure is
 * logged with the address masked (a***@example.com), never in full. A mail that still fails is
 * given up and logged: the shopper can ask again (resend the code, ask for a new reset link).
 */
import { log as logger } from '#server/monitoring/log.ts';
import { config } from '#server/config.ts';
import { write } from 'node:fs';
import nodemailer from 'nodemailer';
import { maskAddress, scrubAddress } from './mask.ts';
import type { Mail } from './templates.ts';

export interface Mailer {
  /** Sends now, retrying; true when delivered (or printed). Never rejects. */
  send(mail: Mail): Promise<boolean>;
  /** Sends in the background (the caller's reply does not wait for SMTP). */
  deliver(mail: Mail): void;
  /** Resolves once every mail handed to deliver() so far was sent or given up. */
  settled(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://...; unset prints every mail to `log`. */
  smtpUrl?: string;
  from: string;
  /**
   * Where the printed mails go (default: standard output, written off the event loop, see
   * `printToStdout`); a promise it returns is awaited (the mail counts as sent once written).
   */
  log?: (line: string) => unknown;
  /** Where the send failures go (default: the log). */
  logError?: (line: string) => void;
  /** Tries a mail gets (default 3). */
  attempts?: number;
  /** Wait before the second try, doubled before each later one (default 1000 ms). */
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The whole mail as the log shows it when there is no SMTP server. */
export function printedMail(mail: Mail): string {
  return [
    '✉ Mail (SMTP_URL is not set, so it is printed here instead of sent)',
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    '',
    mail.text,
    '✉ End of mail',
  ].join('\n');
}

/** The mails printed so far, in order: the next one is written once this settles. */
let printed: Promise<void> = Promise.resolve();
/** Set once standard output refused a write: from then on mails go through process.stdout. */
let viaProcessStdout = false;

/**
 * A printed mail on standard output, written by libuv's threads (fs.write on fd 1): the request that
 * sent it never waits on the log's pipe (console.log writes a pipe synchronously, and a whole mail an
 * order was a tenth of an order's time). Mails are written one after another, each whole, so they
 * never interleave; against other log lines they may come a moment later. Resolves once written
 * (`settled()` waits for it).
 *
 * A pipe on fd 1 turns non-blocking once process.stdout is first used (libuv does that), and a full
 * one then refuses fs.write (EAGAIN). What it refused, and every mail after, goes through
 * process.stdout, which queues it and says when it is written: nothing is lost, nothing printed twice,
 * even when the process exits right after settled().
 */
export function printToStdout(text: string): Promise<void> {
  const bytes = Buffer.from(`${text}\n`);
  printed = printed.then(() => writeWhole(bytes));
  return printed;
}

function writeWhole(bytes: Buffer): Promise<void> {
  return new Promise((done) => {
    const rest = (from: number) => {
      viaProcessStdout = true;
      process.stdout.write(bytes.subarray(from), () => done());
    };
    const from = (offset: number): void =>
      write(1, bytes, offset, bytes.length - offset, null, (err, written) => {
        if (err) rest(offset);
        else if (offset + written < bytes.length) from(offset + written);
        else done();
      });
    if (viaProcessStdout) rest(0);
    else from(0);
  });
}

/** A mail not sent (no SMTP_URL), as a JSON log notes it: the masked recipient and subject, no content. */
function noteUnsent(mail: Mail) {
  logger.warn({ to: maskAddress(mail.to), subject: maskedSubject(mail.subject) }, 'Mail not sent: SMTP_URL is not set.');
}

/** A subject as logs show it: a code in it masked. */
const maskedSubject = (subject: string) => subject.replace(/\d{6}/, '******');

export function createMailer(options: MailerOptions): Mailer {
  // Printed mails hold codes and links: with JSON logs (a store in service) only who and what is noted.
  const log = options.log ?? printToStdout;
  const quiet = !options.log && config.logFormat === 'json';
  const logError = options.logError ?? ((line: string) => logger.error(line));
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 1000;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
    : undefined;
  const inFlight = new Set<Promise<boolean>>();

  async function send(mail: Mail): Promise<boolean> {
    if (!transport) {
      if (quiet) noteUnsent(mail);
      else await log(printedMail(mail));
      return true;
    }
    const who = maskAddress(mail.to);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        return true;
      } catch (err) {
        const reason = scrubAddress(err instanceof Error ? err.message : String(err), mail.to);
        const next = attempt < attempts ? 'will try again' : 'giving up; the shopper can ask for it again';
        logError(`Mail "${maskedSubject(mail.subject)}" to ${who} failed (attempt ${attempt} of ${attempts}, ${next}): ${reason}`);
      }
    }
    return false;
  }

  return {
    send,
    deliver(mail) {
      const sending = send(mail).catch(() => false);
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      transport?.close();
    },
  };
}
