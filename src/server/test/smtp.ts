/**
 * A real SMTP server for tests (smtp-server on a free local port): it accepts every mail, decodes
 * it (headers, multipart, quoted-printable, base64) and lets a test wait for the next mail to an
 * address. `SMTP_URL=server.url` sends the store's mail to it.
 *
 *   const smtp = await startTestSmtp();
 *   const mail = await smtp.waitFor('ayesha@example.pk', { subject: /verification code/ });
 *   mail.text; mail.html; await smtp.close();
 *
 * `refuseNext(n)` answers the next n recipients with a temporary failure (451), to test retries.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** Envelope recipients, lowercased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
  receivedAt: Date;
}

export interface WaitOptions {
  subject?: string | RegExp;
  /** Default 10 s. */
  timeoutMs?: number;
}

export interface TestSmtp {
  url: string;
  port: number;
  /** Every mail received, oldest first. */
  mails: ReceivedMail[];
  /**
   * The oldest mail to `to` (matching `subject`) not yet returned by waitFor, waiting for it to
   * arrive if need be; rejects after the timeout.
   */
  waitFor(to: string, options?: WaitOptions): Promise<ReceivedMail>;
  /** The next `count` recipients are refused with 451 (a temporary failure) instead of accepted. */
  refuseNext(count: number): void;
  /** How many recipients were refused so far. */
  readonly refused: number;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  port?: number;
  /** Called with each mail as it arrives. */
  onMail?: (mail: ReceivedMail) => void;
}

export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  let toRefuse = 0;
  let refused = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        refused++;
        const err = Object.assign(new Error(`Mailbox ${address.address} is busy, try again later`), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(raw, {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        mails.push(mail);
        options.onMail?.(mail);
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });
  await new Promise<void>((done, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  server.on('error', (err) => console.error('test SMTP server:', err));
  const port = (server.server.address() as AddressInfo).port;

  const matches = (mail: ReceivedMail, to: string, subject?: string | RegExp) =>
    !taken.has(mail) &&
    mail.to.includes(to.toLowerCase()) &&
    (subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    get refused() {
      return refused;
    },
    refuseNext(count) {
      toRefuse = count;
    },
    waitFor(to, { subject, timeoutMs = 10_000 } = {}) {
      return new Promise((done, failed) => {
        const look = () => {
          const mail = mails.find((m) => matches(m, to, subject));
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(look);
          clearTimeout(timer);
          done(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          failed(new Error(`No mail to ${to}${subject ? ` with subject ${String(subject)}` : ''} within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Header lines unfolded, names lowercased (the first of repeated headers kept). */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return headers;
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  if (!match) return { headers: parseHeaders(entity), body: '' };
  return { headers: parseHeaders(entity.slice(0, match.index)), body: entity.slice(match.index + match[0].length) };
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(soft[i], 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Collects the text/plain and text/html parts of an entity (multipart or not). */
function collectParts(entity: string, found: { text: string; html: string }) {
  const { headers, body } = splitEntity(entity);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (/^text\/html/i.test(type)) found.html ||= decoded;
  else if (/^text\/plain/i.test(type)) found.text ||= decoded;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers } = splitEntity(raw);
  const found = { text: '', html: '' };
  collectParts(raw, found);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeWords(headers.subject ?? ''),
    text: found.text,
    html: found.html,
    headers,
    raw,
    receivedAt: new Date(),
  };
}
