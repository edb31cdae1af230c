/**
 * `npm run staff` as the operator runs it: in-process on an embedded data directory (mailing through
 * a test SMTP server), as a child process through a running store's operator channel while the store
 * holds the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, ROOT } from '#server/config.ts';
import { startServer } from '#server/main.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { startTestSmtp, type TestSmtp } from '#server/test/smtp.ts';
import { runStaffCli } from './cli.ts';

function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(ROOT, 'scripts/staff.ts'), ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', ...env } }, (error, out, err) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

async function inProcess(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), config: readConfig({ SITE_URL: 'https://shop.example.pk', ...env }) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const targets: Array<[string, () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>]> = [
  ['an embedded data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiryana-staff-cli-'));
    return { env: { KIRYANA_DATA_DIR: join(dir, 'pglite') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL', async () => {
        const made = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
        return { env: { DATABASE_URL: made.url }, drop: made.drop };
      }] as [string, () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>]]
    : []),
];

describe.each(targets)('npm run staff on %s', (_name, open) => {
  let smtp: TestSmtp;
  let target: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    target = await open();
  });
  afterAll(async () => {
    await smtp?.close();
    await target?.drop();
  });

  it('mails the first owner a one-time link, lists it, and refuses bad words with the usage', async () => {
    const env = { ...target.env, SMTP_URL: smtp.url };
    expect((await inProcess(['list'], env)).out).toContain('No staff yet');
    const added = await inProcess(['add', 'Owner@Shop.pk', '--role', 'owner'], env);
    expect(added).toMatchObject({ code: 0, out: expect.stringMatching(/^Mailed owner@shop\.pk a link to join the staff as owner; it works once, until /) });
    const mail = await smtp.waitFor('owner@shop.pk', { subject: /invited to run Kiryana as owner/ });
    expect(mail.text).toMatch(/https:\/\/shop\.example\.pk\/staff\/accept\/#[A-Za-z0-9_-]{43}/);
    expect((await inProcess(['list'], env)).out).toMatch(/^invited {2}owner@shop\.pk as owner, until /);
    expect(await inProcess(['add', 'x', '--role', 'boss'], env)).toMatchObject({ code: 2, err: expect.stringContaining('Please enter a valid e-mail address; Please choose a role') });
    expect((await inProcess(['add', 'a@shop.pk'], env)).err).toMatch(/^--role is required: one of owner, manager, editor, packer\./);
    expect((await inProcess(['fire', 'a@shop.pk'], env)).code).toBe(2);
  });
});

describe('npm run staff while the store holds the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-staff-channel-'));
  const dataDir = join(dir, 'pglite');
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, dataDir, distDir: join(dir, 'dist'), operatorChannel: true });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds and lists through the running store', async () => {
    const env = { KIRYANA_DATA_DIR: dataDir };
    const added = await run(['add', 'owner@shop.pk', '--role', 'owner'], env);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^Mailed owner@shop\.pk a link to join the staff as owner/);
    expect((await run(['list'], env)).out).toContain('invited  owner@shop.pk as owner');
    // The operator channel's routes answer only with its key.
    expect((await fetch(`${server.url}/api/operator/staff`)).status).toBe(403);
  });
});
