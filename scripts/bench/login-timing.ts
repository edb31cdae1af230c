/**
 * `npm run bench:login-timing -- [--runs 15]`: what the time of a refused sign-in tells. On a fresh
 * embedded database, the median time of a wrong password for an unknown e-mail, a verified account
 * and an unverified account with ATTEMPTS_CHECKED_AT_SIGN_IN pending registrations; once with the
 * store's refusal floor and once without it (the raw cost of each check), in one run.
 */
import { parseArgs } from 'node:util';
import { createApp } from '#server/app.ts';
import { ATTEMPTS_CHECKED_AT_SIGN_IN } from '#server/auth/attempts.ts';
import { REFUSAL_FLOOR_MS } from '#server/auth/accounts.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { eq } from 'drizzle-orm';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const database = await openDatabase({ dataDir: 'memory://' });
const mailer = createMailer({ from: 'bench@example.pk', log: () => {} });
let client = 0;
const env = () => ({ incoming: { socket: { remoteAddress: `198.18.${(++client >> 8) & 255}.${client & 255}` } } });

async function measure(paced: boolean) {
  const app = createApp({ db: database.db, kind: database.kind, mailer, logError: () => {}, ...(paced ? {} : { paceRefusal: async () => {} }) });
  const post = (path: string, body: unknown) => app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, env());
  const tag = `${paced ? 'paced' : 'raw'}-${Date.now()}`;
  const verified = `verified-${tag}@example.pk`;
  const pending = `pending-${tag}@example.pk`;
  for (let i = 0; i <= ATTEMPTS_CHECKED_AT_SIGN_IN; i++) await post('/api/users/register', { name: 'Bench', email: pending, password: `password ${i}` });
  await post('/api/users/register', { name: 'Bench', email: verified, password: 'the password' });
  await database.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.email, verified));
  const cases = { 'unknown e-mail': `nobody-${tag}@example.pk`, 'verified account': verified, [`unverified, ${ATTEMPTS_CHECKED_AT_SIGN_IN + 1} registrations`]: pending };
  const medians: Record<string, number> = {};
  for (const [name, email] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await post('/api/users/login', { email, password: 'a wrong password' });
      if (res.status !== 401) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    medians[name] = times[Math.floor(times.length / 2)];
  }
  return medians;
}

const raw = await measure(false);
const paced = await measure(true);
console.log(`Refused sign-ins, median of ${runs} (${new Date().toISOString().slice(0, 10)}; floor ${REFUSAL_FLOOR_MS} ms):\n`);
console.log('| account | without the floor | with the floor |\n|---|---|---|');
for (const name of Object.keys(raw)) console.log(`| ${name} | ${raw[name].toFixed(1)} ms | ${paced[name].toFixed(1)} ms |`);
mailer.close();
await database.close();
