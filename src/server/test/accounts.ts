/**
 * The accounts API as its suites meet it: the app on a test database, a clock the test moves, and
 * mail delivered through a real SMTP server (src/server/test/smtp.ts) that the test reads.
 *
 *   describe.each(testDatabases)('accounts on $name', (target) => {
 *     const api = useAccountsApi(useDatabase(target));
 *     it('...', async () => { const { token } = await api().signUp(); ... });
 *   });
 */
import { afterAll, beforeAll } from 'vitest';
import { replyCheck } from './reply-check.ts';
import { createApp, type App, type AppOptions } from '#server/app.ts';
import { readConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp.ts';

export const TEST_SITE_URL = 'https://shop.example.pk';
export const TEST_PASSWORD = 'correct horse battery';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 2, 1, 9, 0, 0)): TestClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export interface Reply {
  status: number;
  headers: Headers;
  // Replies are checked field by field in the tests.
  body: any;
}

export interface AccountsApi {
  app: App;
  clock: TestClock;
  smtp: TestSmtp;
  mailer: Mailer;
  /** Send-failure lines the mailer logged. */
  mailErrors: string[];
  /** The start of each refused password check that was held to the refusal floor. */
  paced: number[];
  /** A request from `client` (an address; default: the same unnamed client every time). */
  call(method: string, path: string, body?: unknown, token?: string, client?: string): Promise<Reply>;
  /** A fresh address no other test uses. */
  email(tag?: string): string;
  /**
   * Registers `email` and reads the code from the mail it was sent. `userId` is the reply's: the
   * registration attempt's id, which verify and resend take (not the account's id).
   */
  register(email?: string, password?: string): Promise<{ email: string; userId: string; code: string }>;
  /** Registers and verifies: a signed-in, verified account; `userId` is the account's id (`user.id`). */
  signUp(email?: string, password?: string): Promise<{ email: string; userId: string; token: string }>;
  /** The next verification code mailed to `email`. */
  nextCode(email: string): Promise<string>;
  nextMail(email: string, subject?: string | RegExp): Promise<ReceivedMail>;
}

let counter = 0;

/**
 * The env @hono/node-server gives a request from `address`: how an in-process request
 * (app.request) names its client for the per-client limits. Without it a request's client is ''.
 */
export const fromClient = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

let clients = 0;
/** A client address no other request of this process has used: one more shopper on another network. */
export function newClientAddress(): string {
  const n = ++clients;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** `options`: app settings of the suite's own (a pictures folder of its own, say). */
export function useAccountsApi(database: () => DatabaseHandle, options: Pick<AppOptions, 'picturesDir' | 'metricsKey'> = {}): () => AccountsApi {
  let api: AccountsApi | undefined;
  let smtp: TestSmtp | undefined;
  let mailer: Mailer | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const settings = readConfig({ SMTP_URL: smtp.url, SITE_URL: `${TEST_SITE_URL}/` });
    const mailErrors: string[] = [];
    mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, backoffMs: 20, logError: (line) => mailErrors.push(line) });
    const clock = testClock();
    const { db, kind } = database();
    // Refusals are not held to their floor here (hundreds of them would take minutes): the floor has
    // its own test (src/server/auth/refusal-timing.test.ts), and real processes keep it.
    const paced: number[] = [];
    const app = createApp({ db, kind, clock, mailer, siteUrl: settings.siteUrl, logError: () => {}, paceRefusal: async (startedAt) => void paced.push(startedAt), ...options });
    const theSmtp = smtp;
    const replies = replyCheck((await (await app.request('/api/openapi.json')).json()) as Parameters<typeof replyCheck>[0]);

    const call: AccountsApi['call'] = async (method, path, body, token, client) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      const init = { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) };
      const res = await app.request(path, init, client === undefined ? undefined : fromClient(client));
      const reply = { status: res.status, headers: res.headers, body: await res.json() };
      replies.check(method, path, reply.status, res.headers.get('content-type'), reply.body);
      return reply;
    };
    const email = (tag = 'shopper') => `${tag}.${process.pid}.${++counter}@example.pk`;
    const nextMail = (to: string, subject?: string | RegExp) => theSmtp.waitFor(to, { subject });
    const nextCode = async (to: string) => {
      const mail = await nextMail(to, /^Your Kiryana verification code: \d{6}$/);
      return /\d{6}/.exec(mail.subject)![0];
    };
    const register: AccountsApi['register'] = async (address = email(), password = TEST_PASSWORD) => {
      const reply = await call('POST', '/api/users/register', { name: 'Ayesha Khan', email: address, phone: '0300 1234567', password });
      if (reply.status !== 201) throw new Error(`register ${address}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return { email: address, userId: reply.body.userId as string, code: await nextCode(address) };
    };
    const signUp: AccountsApi['signUp'] = async (address, password) => {
      const registered = await register(address, password);
      const reply = await call('POST', '/api/users/verify', { userId: registered.userId, verificationCode: registered.code });
      if (reply.status !== 200) throw new Error(`verify ${registered.email}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return { email: registered.email, userId: reply.body.user.id as string, token: reply.body.token as string };
    };
    api = { app, clock, smtp: theSmtp, mailer, mailErrors, paced, call, email, register, signUp, nextCode, nextMail };
  });

  afterAll(async () => {
    await api?.app.settled();
    mailer?.close();
    await smtp?.close();
  });

  return () => {
    if (!api) throw new Error('accounts API not started yet');
    return api;
  };
}
