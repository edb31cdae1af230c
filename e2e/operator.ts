/**
 * What the store's operator does, from e2e specs, against the store of the test's project
 * (e2e/stores.ts): the operator commands (`npm run orders`, `npm run staff`) as the operator runs
 * them. On the embedded database a command finds the store holding it and goes through its
 * operator channel, and the store mails; on PostgreSQL it works on the database itself and mails
 * through SMTP_URL, here the store's SMTP capture. `operatorCommand` starts the command's process;
 * the helpers below skip that start (a second or more on a busy machine): on the embedded database
 * they send what the command sends its channel, on PostgreSQL they run the command's own function
 * in this process with the store's settings.
 */
import type { APIRequestContext } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { readConfig } from '#server/config.ts';
import { channelPath, OPERATOR_KEY_HEADER } from '#server/operator-channel.ts';
import { readBuildConfig } from '#site-build/config.ts';
import { currentStore } from './fixtures.ts';
import { storeFile, type StoreSettings } from './stores.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const settingsOf = async (): Promise<StoreSettings> => JSON.parse(await readFile(storeFile(currentStore()), 'utf8')) as StoreSettings;

/** Runs `npm run <command> -- ...args` against the test's store; resolves with what it printed, rejects when it fails. */
export async function operatorCommand(command: 'orders' | 'staff', ...args: string[]): Promise<string> {
  const store = await settingsOf();
  const env = { ...process.env, DATABASE_URL: store.databaseUrl ?? '', KIRYANA_DATA_DIR: store.dataDir ?? '', SMTP_URL: store.smtpUrl, SITE_URL: store.siteUrl };
  const child = spawn(process.execPath, [`scripts/${command}.ts`, ...args], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) throw new Error(`npm run ${command} -- ${args.join(' ')} exited with ${code}:\n${output}`);
  return output;
}

/** What the command sends the running store's operator channel, sent straight; false on PostgreSQL, which has no channel. */
async function throughChannel(request: APIRequestContext, path: string, data: unknown): Promise<boolean> {
  const store = await settingsOf();
  if (!store.dataDir) return false;
  const channel = JSON.parse(await readFile(channelPath(store.dataDir), 'utf8')) as { url: string; key: string };
  const reply = await request.post(`${channel.url}/api/operator${path}`, { headers: { [OPERATOR_KEY_HEADER]: channel.key }, data });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  return true;
}

/** The command's own function (scripts/lib/<command>/cli.ts) run here, on the store's database and SMTP capture. */
async function commandHere(command: 'orders' | 'staff', ...args: string[]): Promise<void> {
  const store = await settingsOf();
  const env = { DATABASE_URL: store.databaseUrl, KIRYANA_DATA_DIR: store.dataDir, SMTP_URL: store.smtpUrl, SITE_URL: store.siteUrl };
  const config = readConfig(env, readBuildConfig(env));
  const run = command === 'staff' ? (await import('../scripts/lib/staff/cli.ts')).runStaffCli : (await import('../scripts/lib/orders/cli.ts')).runOrdersCli;
  const said: string[] = [];
  const code = await run(args, { out: (line) => said.push(line), err: (line) => said.push(line), config });
  if (code !== 0) throw new Error(`npm run ${command} -- ${args.join(' ')} exited with ${code}:\n${said.join('\n')}`);
}

/** Moves an order along as the store operator does (`npm run orders -- advance`). */
export async function advance(request: APIRequestContext, number: string, status: string) {
  if (!(await throughChannel(request, `/orders/${number}/advance`, { status }))) await commandHere('orders', 'advance', number, status);
}

/** Invites a staff member as `npm run staff -- add EMAIL --role ROLE` does: the link is mailed. */
export async function addStaff(request: APIRequestContext, email: string, role: string): Promise<void> {
  if (!(await throughChannel(request, '/staff/invites', { email, role }))) await commandHere('staff', 'add', email, '--role', role);
}

/** Mails a staff invitation as `npm run staff -- add` does; its link's token comes by mail. */
export const inviteStaff = addStaff;
