/**
 * Backups for real: `npm start`'s store on each database, an order flood, `npm run backup` in the
 * middle of it, the store killed and its data lost, `npm run restore`, the store started again:
 * every order acknowledged before the backup began is there, and the store serves.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runScript, startStore, until } from '#runtime/store-process.ts';
import { openDatabase } from '#server/db/client.ts';
import { placeOrder, plannedOrder, rng, stockedCatalogue } from '#server/test/order-load.ts';
import { seededStore } from '#server/test/seeded-store.ts';
import { registry, watchBackups } from '#server/monitoring/metrics.ts';
import { backupName, checkBackup, kindOf, listBackups, pruneBackups, scheduleBackups, type Backup } from './backup.ts';

const catalogue = stockedCatalogue(12);
const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

/** `npm start`'s script on `env`, serving a hand-made page (no build), once /api/health answers; `kill` is a power cut (the supervisor and its worker at once). */
async function serving(env: Record<string, string>) {
  const store = startStore(env, { detached: true });
  const origin = `http://127.0.0.1:${env.PORT}`;
  await until('/api/health answering', async () => ((await fetch(`${origin}/api/health`).catch(() => undefined))?.status === 200 ? true : undefined), store);
  return {
    origin,
    stop: () => store.stop(),
    async kill() {
      process.kill(-store.child.pid!, 'SIGKILL');
      await store.exited;
    },
  };
}

const targets = [
  { name: 'pglite' as const },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const }] : []),
];

describe.each(targets)('a backup taken under an order flood, on $name', ({ name }) => {
  it('restores every order acknowledged before it began, after the store is killed and its data lost, and the store serves', async () => {
    const { root, dataDir, env, open, drop } = await seededStore(name, catalogue, { prefix: 'kiryana-backup-' });
    roots.push(root);
    try {
      let store = await serving(env);

      // The flood: 8 loops placing guest orders until told to stop.
      const random = rng(33);
      const acknowledged: { number: string; at: number }[] = [];
      let flooding = true;
      const loops = Array.from({ length: 8 }, async () => {
        while (flooding) {
          const reply = await placeOrder(store.origin, plannedOrder(catalogue, random)).catch(() => undefined);
          if (reply?.status === 201 || reply?.status === 200) acknowledged.push({ number: reply.body.order!.orderNumber, at: performance.now() });
        }
      });
      while (acknowledged.length < 40) await new Promise((d) => setTimeout(d, 20));
      const backupBegan = performance.now();
      const backup = await runScript('scripts/backup.ts', [], env);
      const during = acknowledged.filter((o) => o.at > backupBegan).length;
      while (acknowledged.filter((o) => o.at > backupBegan).length < during + 10) await new Promise((d) => setTimeout(d, 20));
      flooding = false;
      await Promise.all(loops);
      expect(backup.code, backup.output).toBe(0);
      const [file] = await listBackups(env.BACKUP_DIR);
      expect(backup.output).toContain(file.file);
      expect(kindOf(file.file)).toBe(name);
      // The orders placed while the backup ran did not wait for it to end (the flood went on).
      expect(during).toBeGreaterThan(0);

      // Not put back over a store that runs on the data.
      const refused = await runScript('scripts/restore.ts', [file.file], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(name === 'pglite' ? /A store is running on .* stop it first/ : /Other sessions are connected/);

      // A power cut, and the data lost.
      await store.kill();
      if (name === 'postgres') {
        const lost = await openDatabase({ url: env.DATABASE_URL, migrate: false });
        await lost.db.execute(sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`);
        await lost.close();
      } else await rm(dataDir, { recursive: true, force: true });

      const restored = await runScript('scripts/restore.ts', [file.file], env);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/Restored/);

      store = await serving(env);
      try {
        expect((await fetch(`${store.origin}/api/products?limit=1`)).status).toBe(200);
        expect((await fetch(`${store.origin}/`)).status).toBe(200);
      } finally {
        await store.stop();
      }
      const reopened = await open();
      try {
        const rows = (await reopened.db.execute(sql`select order_number from orders`)) as unknown as { rows: { order_number: string }[] };
        const kept = new Set(rows.rows.map((r) => r.order_number));
        const before = acknowledged.filter((o) => o.at < backupBegan);
        expect(before.length).toBeGreaterThanOrEqual(40);
        expect(before.filter((o) => !kept.has(o.number))).toEqual([]);
        // Those acknowledged after the backup ended are not in it: it is the database as it was then.
        expect(kept.size).toBeLessThan(acknowledged.length);
      } finally {
        await reopened.close();
      }
    } finally {
      await drop();
    }
  }, 180_000);
});

describe('backup files', () => {
  it('are named by kind and time, listed newest first, and pruned to the newest N', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-backups-'));
    roots.push(dir);
    const times = [0, 1, 2, 3].map((h) => new Date(Date.UTC(2026, 10, 28, h, 30, 15, 250)));
    for (const t of times) await writeFile(join(dir, backupName('pglite', t)), 'x');
    await writeFile(join(dir, 'notes.txt'), 'not a backup');
    await writeFile(join(dir, `${backupName('postgres', times[0])}.partial`), 'unfinished');
    const listed = await listBackups(dir);
    expect(listed.map((b) => b.takenAt.toISOString())).toEqual([...times].reverse().map((t) => t.toISOString()));
    expect(kindOf(backupName('postgres'))).toBe('postgres');
    expect(kindOf('kiryana-x.pglite.tar.gz')).toBeUndefined();
    expect(await pruneBackups(dir, 2)).toHaveLength(2);
    expect((await readdir(dir)).sort()).toEqual([backupName('pglite', times[2]), backupName('pglite', times[3]), `${backupName('postgres', times[0])}.partial`, 'notes.txt'].sort());
  });

  it('are checked before they are trusted: a name, a whole gzip, the shop’s tables', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-backups-'));
    roots.push(dir);
    await expect(checkBackup(join(dir, 'passwd'))).rejects.toThrow(/not named like a backup/);
    await expect(checkBackup(join(dir, backupName('pglite')))).rejects.toThrow(/no file/);
    const broken = join(dir, backupName('pglite'));
    await writeFile(broken, 'not gzip');
    await expect(checkBackup(broken)).rejects.toThrow(/not a whole backup/);
    expect((await stat(broken)).size).toBe(8);
  });
});

describe('the backup age in the metrics', () => {
  it('is the newest backup’s age in seconds, +Inf when there is none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-backups-'));
    roots.push(dir);
    watchBackups(dir);
    const age = async () => Number(/^kiryana_backup_age_seconds (\S+)$/m.exec(await registry.getSingleMetricAsString('kiryana_backup_age_seconds'))![1].replace('+Inf', 'Infinity'));
    expect(await age()).toBe(Infinity);
    await writeFile(join(dir, backupName('pglite', new Date(Date.now() - 3 * 3600_000))), 'x');
    await writeFile(join(dir, backupName('pglite', new Date(Date.now() - 3600_000))), 'x');
    expect(await age()).toBeGreaterThanOrEqual(3600);
    expect(await age()).toBeLessThan(3 * 3600);
  });
});

describe("npm start's own backups", () => {
  const taken: Backup = { file: '/backups/kiryana-x.pglite.tar.gz', bytes: 5 * 1048576, seconds: 0.5 };
  /** Lets the backup's promise and the log settle between timer steps. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
  };
  const fake = (now?: number) => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], ...(now === undefined ? {} : { now }) });

  it('take one a minute after a start with none, then one every BACKUP_EVERY hours, and say where', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-backups-'));
    roots.push(dir);
    fake();
    try {
      const take = vi.fn(async () => taken);
      const lines: string[] = [];
      const { stop, started } = scheduleBackups(take, dir, 24, (line) => lines.push(line));
      await started;
      await vi.advanceTimersByTimeAsync(59_000);
      expect(take).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      await settle();
      expect(take).toHaveBeenCalledTimes(1);
      expect(lines).toEqual([`▸ Backup written to ${taken.file} (5.0 MB in 0.5 s); the next in 24 h.`]);
      await vi.advanceTimersByTimeAsync(24 * 3600_000);
      await settle();
      expect(take).toHaveBeenCalledTimes(2);
      stop();
      await vi.advanceTimersByTimeAsync(48 * 3600_000);
      expect(take).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('wait for the newest backup to come of age, retry a failed one within the hour, and take none with BACKUP_EVERY=0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-backups-'));
    roots.push(dir);
    fake(Date.UTC(2026, 10, 28, 12, 0, 0));
    try {
      await writeFile(join(dir, backupName('pglite', new Date(Date.UTC(2026, 10, 28, 0, 0, 0)))), 'x');
      let fail = true;
      const take = vi.fn(async () => {
        if (fail) throw new Error('the disk is full');
        return taken;
      });
      const lines: string[] = [];
      const { stop, started } = scheduleBackups(take, dir, 24, (line) => lines.push(line));
      await started;
      await vi.advanceTimersByTimeAsync(12 * 3600_000 - 1000);
      expect(take).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      await settle();
      expect(take).toHaveBeenCalledTimes(1);
      expect(lines).toEqual(['✗ The backup failed: the disk is full. Trying again in an hour.']);
      fail = false;
      await vi.advanceTimersByTimeAsync(3600_000);
      await settle();
      expect(take).toHaveBeenCalledTimes(2);
      stop();
      const never = vi.fn(async () => taken);
      await scheduleBackups(never, dir, 0, () => {}).started;
      await vi.advanceTimersByTimeAsync(100 * 3600_000);
      expect(never).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
