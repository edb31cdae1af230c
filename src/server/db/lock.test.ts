/**
 * The embedded data dir's lock (`<dataDir>.lock`: pid and start time) after a crash: a lock whose
 * owner is gone is taken over, also when its pid now belongs to someone else (a container restart
 * often gives the store the same pid, or another process got it); a live owner is refused.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DatabaseLockedError } from './data-dir-lock.ts';

const startTime = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

describe.skipIf(process.platform !== 'linux')('the embedded data dir lock after a crash', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-lock-'));
    dataDir = join(root, 'pglite');
    await (await openDatabase({ dataDir, migrate: false })).close(); // created once
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const opensOver = async (lock: string) => {
    await writeFile(`${dataDir}.lock`, lock);
    const handle = await openDatabase({ dataDir, migrate: false });
    try {
      expect((await readFile(`${dataDir}.lock`, 'utf8')).split(' ')[0]).toBe(String(process.pid));
    } finally {
      await handle.close();
    }
  };

  it('takes over a lock whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    await opensOver(`${gone} 12345`);
  });

  it('takes over a lock naming this very pid from an earlier life (a restarted container)', async () => {
    await opensOver(`${process.pid} 1`);
  });

  it('takes over a lock whose pid another process has since been given', async () => {
    const other = process.ppid;
    await opensOver(`${other} ${Number(await startTime(other)) + 1}`);
  });

  it('refuses a live owner, and a second open in the same process', async () => {
    const other = process.ppid;
    await writeFile(`${dataDir}.lock`, `${other} ${await startTime(other)}`);
    await expect(openDatabase({ dataDir, migrate: false })).rejects.toBeInstanceOf(DatabaseLockedError);
    await writeFile(`${dataDir}.lock`, String(other)); // a lock from before start times: pid alone
    await expect(openDatabase({ dataDir, migrate: false })).rejects.toBeInstanceOf(DatabaseLockedError);
    await rm(`${dataDir}.lock`);

    const first = await openDatabase({ dataDir, migrate: false });
    try {
      await expect(openDatabase({ dataDir, migrate: false })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await first.close();
    }
  });
});
