/**
 * What the e2e tests must never find in their store's log: the passwords and address lines they
 * type, and what they meet on the way (session tokens, mailed codes), kept here as they go. At the
 * end of every run e2e/log-secrets.ts reads the stores' whole logs (LOG_FORMAT=json, written by
 * scripts/e2e-server.ts) for each of them, and for every code and link token the stores mailed.
 * No Playwright import: the teardown reads this too.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storeDir, type StoreName } from './stores.ts';

/** The shoppers' password. */
export const PASSWORD = 'Secret123!';
/** The address lines the checkout form and the API's guest orders use. */
export const FORM_ADDRESS_LINE = 'House 12, Street 4, F-7/2';
export const API_ADDRESS_LINE = '7 Canal View';

/** Passwords and addresses typed by the tests, by their own constants (more are read from the specs, see log-secrets.ts). */
export const TYPED_SECRETS = [PASSWORD, FORM_ADDRESS_LINE, API_ADDRESS_LINE];

/** One file for the run, whichever store a test used (the pglite store's folder is made anew each run). */
const metFile = () => join(storeDir('pglite'), 'secrets-met.txt');

/** Keeps a secret a test met (a session token, a code) for the log check at the end of the run. */
export function keepSecret(value: string): void {
  if (!value) return;
  mkdirSync(storeDir('pglite'), { recursive: true });
  appendFileSync(metFile(), `${value}\n`);
}

/** The secrets the tests kept. */
export function secretsMet(): string[] {
  return existsSync(metFile()) ? readFileSync(metFile(), 'utf8').split('\n').filter(Boolean) : [];
}

/** The store's log, as scripts/e2e-server.ts writes it. */
export const storeLog = (store: StoreName) => join(storeDir(store), 'store.log');
