/**
 * What the store's operator does, from e2e specs, against the store of the test's project
 * (e2e/stores.ts): the operator commands (`npm run orders`, `npm run staff`) run as the operator
 * runs them. On the embedded database a command finds the store holding it and goes through its
 * operator channel, and the store mails; on PostgreSQL it works on the database itself and mails
 * through SMTP_URL, here the store's SMTP capture.
 */
import type { APIRequestContext } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { channelPath, OPERATOR_KEY_HEADER } from '#server/operator-channel.ts';
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

/** Moves an order along as the store operator does (`npm run orders -- advance`). */
export async function advance(request: APIRequestContext, number: string, status: string) {
  const store = await settingsOf();
  if (!store.dataDir) {
    await operatorCommand('orders', 'advance', number, status);
    return;
  }
  // On the embedded database, straight to the channel the command would use (no process to start).
  const channel = JSON.parse(await readFile(channelPath(store.dataDir), 'utf8')) as { url: string; key: string };
  const reply = await request.post(`${channel.url}/api/operator/orders/${number}/advance`, { headers: { [OPERATOR_KEY_HEADER]: channel.key }, data: { status } });
  expect(reply.ok(), await reply.text()).toBeTruthy();
}

/** Makes a staff member's invitation as `npm run staff -- add EMAIL --role ROLE` does: the store mails the link. */
export async function addStaff(email: string, role: string): Promise<void> {
  await operatorCommand('staff', 'add', email, '--role', role);
}
