/**
 * The store as the e2e tests meet it: a fresh database and dist in a folder of its own under
 * .cache (e2e/stores.ts), then the ordinary start script (seed, serve, build; artwork drawn on
 * request and in the background) as a child process.
 * - E2E_STORE=pglite (the default): the embedded database, in .cache/e2e/pglite.
 * - E2E_STORE=postgres: a fresh PostgreSQL database `kiryana_e2e_<PORT>` made on TEST_DATABASE_URL's
 *   server (one an earlier, killed run left is dropped first), dropped again when the store stops
 *   (SIGTERM or SIGINT to this process).
 * Mail goes to a real SMTP server started here (SMTP_URL); each mail it receives is written to the
 * store's mail/ folder as one JSON file ({to, subject, text, html, receivedAt}), which the tests'
 * `mailbox` fixture reads (e2e/fixtures.ts, through e2e/mail.ts). store.json says how an operator
 * command reaches the store (e2e/operator.ts). The store logs JSON lines (LOG_FORMAT=json), all of
 * them also kept in store.log, which the run's teardown searches for secrets (e2e/log-secrets.ts).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestSmtp } from '#server/test/smtp.ts';
import { createPostgresDatabase } from '#server/test/postgres-database.ts';
import { mailDir, storeDir, storeFile, type StoreName, type StoreSettings } from '../e2e/stores.ts';
import { storeLog } from '../e2e/secrets.ts';

const name: StoreName = process.env.E2E_STORE === 'postgres' ? 'postgres' : 'pglite';
const dir = storeDir(name);
await rm(dir, { recursive: true, force: true });
await mkdir(mailDir(name), { recursive: true });

let received = 0;
const smtp = await startTestSmtp({
  onMail: (mail) => {
    const file = `${Date.now()}-${String(++received).padStart(5, '0')}`;
    const json = JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, receivedAt: mail.receivedAt.toISOString() }, null, 2);
    // Written aside and renamed, so a reader never sees half a mail.
    void writeFile(join(mailDir(name), `.${file}.tmp`), json)
      .then(() => rename(join(mailDir(name), `.${file}.tmp`), join(mailDir(name), `${file}.json`)))
      .catch((err: unknown) => console.error('e2e mail could not be kept:', err));
  },
});

let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
if (name === 'postgres') {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('E2E_STORE=postgres needs TEST_DATABASE_URL (a PostgreSQL server whose role may create databases).');
  database = await createPostgresDatabase(base, `kiryana_e2e_${process.env.PORT}`);
}

const settings: StoreSettings = {
  name,
  siteUrl: process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT}`,
  smtpUrl: smtp.url,
  ...(database ? { databaseUrl: database.url } : { dataDir: join(dir, 'pglite') }),
};
await writeFile(storeFile(name), JSON.stringify(settings, null, 2));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  KIRYANA_DIST_DIR: join(dir, 'dist'),
  SITE_URL: settings.siteUrl,
  SMTP_URL: smtp.url,
  DATABASE_URL: settings.databaseUrl ?? '',
  KIRYANA_DATA_DIR: settings.dataDir ?? join(dir, 'pglite'),
  // One JSON line a request, each with its id: the whole log is searched for secrets after the run.
  LOG_FORMAT: 'json',
};
const store = spawn(process.execPath, [fileURLToPath(new URL('../src/runtime/start.ts', import.meta.url))], { env, stdio: ['inherit', 'pipe', 'pipe'] });
// The store's output as before, and all of it in store.log (e2e/log-secrets.ts reads it).
const log = createWriteStream(storeLog(name));
store.stdout.on('data', (chunk: Buffer) => void (process.stdout.write(chunk), log.write(chunk)));
store.stderr.on('data', (chunk: Buffer) => void (process.stderr.write(chunk), log.write(chunk)));

/** The store has stopped: the database goes, then this process, with the store's exit code. */
store.once('exit', (code, signal) => {
  void (async () => {
    await database?.drop().catch((err: unknown) => console.error(`e2e database could not be dropped: ${(err as Error).message}`));
    await smtp.close();
    process.exit(code ?? (signal ? 1 : 0));
  })();
});
// A signal to this process alone is passed on; to the whole group (Playwright's shutdown), the store has it too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => store.kill(signal));
