import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { NEWSLETTER_MESSAGES } from './newsletter.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('newsletter on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const post = async (body: unknown) => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const res = await app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; errors?: Record<string, string> } };
  };
  const rows = async () =>
    ((await database().db.execute(sql`select email from newsletter_subscriptions order by email`)) as unknown as { rows: { email: string }[] }).rows;

  it('stores an address once, lowercased, and says so', async () => {
    expect(await post({ email: '  Ayesha.K@Example.PK ' })).toEqual({ status: 201, body: { success: true, message: NEWSLETTER_MESSAGES.subscribed } });
    expect(await post({ email: 'ayesha.k@example.pk' })).toEqual({ status: 200, body: { success: true, message: NEWSLETTER_MESSAGES.already } });
    expect(await rows()).toEqual([{ email: 'ayesha.k@example.pk' }]);
  });

  it('refuses a bad address or body with a message and stores nothing', async () => {
    const before = (await rows()).length;
    for (const body of [{ email: 'not-an-email' }, {}, 'not json', { email: '' }]) {
      const reply = await post(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: NEWSLETTER_MESSAGES.invalid, errors: { email: NEWSLETTER_MESSAGES.invalid } });
    }
    expect((await rows()).length).toBe(before);
  });
});
