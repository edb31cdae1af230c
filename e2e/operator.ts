/**
 * What the store's operator does, from e2e specs: through the running e2e store's operator channel
 * (scripts/e2e-server.ts keeps its data in .cache/e2e/pglite), as `npm run orders` does.
 */
import type { APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

const OPERATOR_CHANNEL = fileURLToPath(new URL('../.cache/e2e/pglite.operator.json', import.meta.url));

/** Moves an order along as the store operator does (`npm run orders -- advance`). */
export async function advance(request: APIRequestContext, number: string, status: string) {
  const channel = JSON.parse(await readFile(OPERATOR_CHANNEL, 'utf8')) as { url: string; key: string };
  const reply = await request.post(`${channel.url}/api/operator/orders/${number}/advance`, { headers: { 'X-Kiryana-Operator-Key': channel.key }, data: { status } });
  expect(reply.ok(), await reply.text()).toBeTruthy();
}

/** Mails a staff invitation as `npm run staff -- add` does; its link's token comes by mail. */
export async function inviteStaff(request: APIRequestContext, email: string, role: string) {
  const channel = JSON.parse(await readFile(OPERATOR_CHANNEL, 'utf8')) as { url: string; key: string };
  const reply = await request.post(`${channel.url}/api/operator/staff/invites`, { headers: { 'X-Kiryana-Operator-Key': channel.key }, data: { email, role } });
  expect(reply.status(), await reply.text()).toBe(201);
}
