/**
 * The store as the e2e tests meet it: a fresh embedded database and dist in .cache/e2e, then the
 * ordinary start script (seed, serve, build; artwork drawn on request and in the background).
 * Mail goes to a real SMTP server started here (SMTP_URL); each mail it receives is written to
 * .cache/e2e/mail/ as one JSON file ({to, subject, text, html, receivedAt}), which the tests'
 * `mailbox` fixture reads (e2e/fixtures.ts, through e2e/mail.ts).
 * The environment is set before anything imports src/server/config.ts, which reads it once.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestSmtp } from '#server/test/smtp.ts';

const dir = fileURLToPath(new URL('../.cache/e2e', import.meta.url));
await rm(dir, { recursive: true, force: true });
const mailDir = join(dir, 'mail');
await mkdir(mailDir, { recursive: true });

let received = 0;
const smtp = await startTestSmtp({
  onMail: (mail) => {
    const name = `${Date.now()}-${String(++received).padStart(5, '0')}`;
    const json = JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, receivedAt: mail.receivedAt.toISOString() }, null, 2);
    // Written aside and renamed, so a reader never sees half a mail.
    void writeFile(join(mailDir, `.${name}.tmp`), json)
      .then(() => rename(join(mailDir, `.${name}.tmp`), join(mailDir, `${name}.json`)))
      .catch((err: unknown) => console.error('e2e mail could not be kept:', err));
  },
});

process.env.KIRYANA_DATA_DIR = join(dir, 'pglite');
process.env.KIRYANA_DIST_DIR = join(dir, 'dist');
process.env.SITE_URL ??= `http://127.0.0.1:${process.env.PORT}`;
process.env.SMTP_URL = smtp.url;
await import('#runtime/start.ts');
