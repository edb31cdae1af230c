/**
 * The sign-in throttle holds across processes: two API processes on one PostgreSQL database share
 * the count of failures, so guesses spread over both are refused after 10 all the same.
 * Needs PostgreSQL (TEST_DATABASE_URL), as PGlite is a one-process database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { startTestSmtp, type TestSmtp } from '#server/test/smtp.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

/** Starts src/server/test/serve-api.ts; resolves with its origin once it listens. */
function startApiProcess(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'src/server/test/serve-api.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, failed) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (port) done({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => failed(new Error(`serve-api exited (${code}) before listening:\n${output}`)));
  });
}

describe.skipIf(!baseUrl)('the sign-in throttle across two API processes on one PostgreSQL', () => {
  let created: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let smtp: TestSmtp;
  const processes: { child: ChildProcess; origin: string }[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase(baseUrl!);
    handle = await openDatabase({ url: created.url }); // migrated once, before both processes open it
    smtp = await startTestSmtp();
    const env = { DATABASE_URL: created.url, SMTP_URL: smtp.url, SITE_URL: 'http://127.0.0.1' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  });

  afterAll(async () => {
    await Promise.all(
      processes.map(({ child }) => new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      })),
    );
    await smtp?.close();
    await handle?.close();
    await created?.drop();
  });

  const post = async (origin: string, path: string, body: unknown) => {
    const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; message: string; userId?: string; token?: string } };
  };

  it('refuses the 11th attempt after 10 failures spread over both processes, on either process', async () => {
    const [a, b] = processes.map((p) => p.origin);
    const email = `two.processes.${process.pid}@example.pk`;
    const password = 'the right password';
    // Registered on one process, verified on the other, with the code from the mail.
    const registered = await post(a, '/api/users/register', { name: 'Zara', email, password });
    expect(registered.status).toBe(201);
    const code = /\d{6}/.exec((await smtp.waitFor(email)).subject)![0];
    expect((await post(b, '/api/users/verify', { userId: registered.body.userId, verificationCode: code })).status).toBe(200);

    for (let i = 0; i < 10; i++) {
      const reply = await post(i % 2 ? b : a, '/api/users/login', { email, password: `wrong ${i}` });
      expect(reply.status).toBe(401);
    }
    for (const origin of [a, b]) {
      const refused = await post(origin, '/api/users/login', { email, password });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(M.tooManyLogins(15));
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
  });
});
