/**
 * GET /api/health/live answers from the process alone: with the database gone it still says ok,
 * where GET /api/health (which reads the catalogue version) fails cleanly.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';

describe('GET /api/health/live', () => {
  it('answers ok without the database; /api/health needs it', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const app = createApp({ db: handle.db, kind: handle.kind, logError: () => {} });
    expect((await app.request('/api/health')).status).toBe(200);
    await handle.close(); // every query fails from here on

    const live = await app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ success: true, data: { status: 'ok' } });
    const health = await app.request('/api/health');
    expect(health.status).toBe(500);
    expect(await health.json()).toMatchObject({ success: false });
  });
});
