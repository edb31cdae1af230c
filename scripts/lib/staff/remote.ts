/** StaffOperations through a running store's operator channel (as the orders command's remote.ts). */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '#server/http/errors.ts';
import { OPERATOR_KEY_HEADER, type Channel } from '#server/operator-channel.ts';
import type { StaffOperations } from '#server/staff/operations.ts';

export function remoteStaff(channel: Channel): StaffOperations {
  async function call<T>(path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { [OPERATOR_KEY_HEADER]: channel.key };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${channel.url}/api/operator${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new Error(`The running store at ${channel.url} did not answer (${(err as Error).message}).`);
    }
    const reply = (await res.json().catch(() => ({}))) as { message?: string } & T;
    if (!res.ok) throw new HttpError(res.status as ContentfulStatusCode, reply.message ?? `The store answered ${res.status}.`);
    return reply;
  }
  return {
    list: async () => {
      const { members, invites } = await call<Awaited<ReturnType<StaffOperations['list']>>>('/staff');
      return { members, invites };
    },
    add: async (email, role) => (await call<{ expiresAt: string }>('/staff/invites', { email, role })).expiresAt,
  };
}
