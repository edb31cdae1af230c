/**
 * Playwright's global teardown: the stores' whole logs, after every test of the run, hold no secret
 * the tests used or the stores mailed. Each store (scripts/e2e-server.ts) runs with LOG_FORMAT=json,
 * so every request has a line; its log is searched for
 * - the passwords and address lines the tests type (e2e/secrets.ts, and every `password: '…'` and
 *   `*_PASSWORD = '…'` written in the specs and helpers),
 * - the session tokens and codes the tests met (kept by keepSecret),
 * - every 6-digit code and every link token (32 or more URL-safe characters) in the mails kept.
 * A run whose store logged no request at all fails too: the search would prove nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { secretsMet, storeLog, TYPED_SECRETS } from './secrets.ts';
import { mailDir, type StoreName } from './stores.ts';

const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Passwords written in the e2e sources. */
function writtenPasswords(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(E2E_DIR).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(E2E_DIR, file), 'utf8');
    for (const [, value] of text.matchAll(/(?:password: |PASSWORD = )'([^']{6,})'/g)) found.add(value);
  }
  return [...found];
}

/** The codes and link tokens in the mails `store` sent. */
function mailedSecrets(store: StoreName): string[] {
  const dir = mailDir(store);
  if (!existsSync(dir)) return [];
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { subject: string; text: string };
    const text = `${mail.subject}\n${mail.text}`;
    for (const [code] of text.matchAll(/(?<![\d])\d{6}(?![\d])/g)) if (/code/i.test(mail.subject)) found.add(code);
    for (const [, token] of text.matchAll(/\/([A-Za-z0-9_-]{32,})(?=[\s?#/]|$)/g)) found.add(token);
  }
  return [...found];
}

/**
 * Whether `line` holds `secret`: a 6-digit code only as a word of its own, not inside a longer number
 * nor inside a request id (a UUID's hex holds runs of six digits now and then).
 */
function holds(line: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return line.includes(secret);
  return new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(line);
}

export default function checkLogs(): void {
  const problems: string[] = [];
  for (const store of ['pglite', 'postgres'] as const) {
    const path = storeLog(store);
    if (!existsSync(path)) continue;
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    if (!lines.some((line) => line.includes('"msg":"request"'))) problems.push(`${store}: the log has no request line (is LOG_FORMAT=json set?)`);
    const secrets = [...new Set([...TYPED_SECRETS, ...writtenPasswords(), ...secretsMet(), ...mailedSecrets(store)])];
    for (const secret of secrets) {
      const at = lines.findIndex((line) => holds(line, secret));
      if (at >= 0) problems.push(`${store}: line ${at + 1} of ${path} holds a secret (${secret.slice(0, 3)}…): ${lines[at].slice(0, 300)}`);
    }
  }
  if (problems.length) throw new Error(`Secrets in the e2e stores' logs:\n${problems.join('\n')}`);
}
