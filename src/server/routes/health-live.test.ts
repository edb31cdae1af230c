/**
 * GET /api/health/live answers from the process alone: with the database gone it still says ok,
 * where GET /api/health (which reads the catalogue version) fails cleanly. GET /api/health's reply,
 * kept between requests, follows every catalogue change.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { parseCatalog } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';

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

  it("GET /api/health's catalogue version follows a change to the catalogue", async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedIfEmpty(handle.db, fixtureCatalogue);
      const app = createApp({ db: handle.db, kind: handle.kind, logError: () => {} });
      await app.catalogue.ready;
      const versionOf = async () => ((await (await app.request('/api/health')).json()) as { data: { catalogVersion: string } }).data.catalogVersion;
      const before = await versionOf();
      expect(await versionOf()).toBe(before);
      await importCatalog(handle.db, parseCatalog(JSON.stringify([{ _id: 'eggs-12', name: 'Farm Eggs 12', category: 'fresh', price: 430 }]), 'json'));
      const after = await catalogVersion(handle.db);
      expect(after).not.toBe(before);
      await expect.poll(versionOf).toBe(after);
    } finally {
      await handle.close();
    }
  });
});
