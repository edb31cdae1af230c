import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countProducts } from '#server/catalog/reads.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { DatabaseLockedError, openDatabase } from './client.ts';

describe('embedded data directory', () => {
  it('keeps data between opens and refuses a second live opener', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-db-'));
    const dataDir = join(dir, 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      await seedIfEmpty(first.db, fixtureCatalogue);
      // Same process counts as live: a second open must fail, not share the files.
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
      await first.close();
      const again = await openDatabase({ dataDir });
      expect(await countProducts(again.db)).toBe(12);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
