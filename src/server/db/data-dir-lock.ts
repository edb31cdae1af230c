/**
 * PGlite is a single-process database: only one process may have a data directory open, and PGlite
 * itself does not enforce that. A lock file beside the directory (`<dataDir>.lock`, holding the
 * owner's pid and start time) does; opening a directory another live process holds throws `DatabaseLockedError`.
 * Stale locks (owner gone) are taken over. For several processes, use PostgreSQL.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class DatabaseLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`The embedded database in ${dataDir} is in use by another process (pid ${pid}).`);
    this.name = 'DatabaseLockedError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** Whether a process with this id exists (EPERM: another user's, which cannot be signalled but is there). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When `pid` started (clock ticks since boot, /proc/<pid>/stat field 22); undefined off Linux or when gone. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether `pid` has ended and waits only to be reaped (Linux: state Z): it holds nothing. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** Data dirs this process holds open: its own pid in a lock means "mine" only for these. */
const heldHere = new Set<string>();

/**
 * Whether the lock's owner is still alive. A lock is `<pid> <start time>` (older ones: `<pid>`).
 * After a crash (SIGKILL, power cut) the lock stays behind, and its pid may since belong to another
 * process: in a container the store's restart often gets the very same pid. So the owner is alive
 * only if that pid runs and, when both are known, started when the lock says; and this process's
 * own pid counts only for a dir it holds itself (a second open in one process is refused too). A
 * killed owner not yet reaped by its parent (a zombie) holds nothing either.
 */
function ownerAlive(dataDir: string, pid: number, startTime: string | undefined): boolean {
  if (pid === process.pid) return heldHere.has(dataDir);
  if (!isAlive(pid) || isZombie(pid)) return false;
  const now = startTime ? startTimeOf(pid) : undefined;
  return !(startTime && now && now !== startTime);
}

/** Takes `<dataDir>.lock` for this process or throws DatabaseLockedError. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, [process.pid, startTimeOf(process.pid)].filter(Boolean).join(' '));
      closeSync(fd);
      heldHere.add(dataDir);
      const release = () => {
        process.off('exit', release);
        heldHere.delete(dataDir);
        try {
          if (readFileSync(lockPath, 'utf8').trim().split(/\s+/)[0] === String(process.pid)) rmSync(lockPath, { force: true });
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: string[];
      try {
        owner = readFileSync(lockPath, 'utf8').trim().split(/\s+/);
      } catch {
        continue; // removed meanwhile: try again
      }
      const pid = Number.parseInt(owner[0], 10);
      if (Number.isInteger(pid) && pid > 0 && ownerAlive(dataDir, pid, owner[1])) throw new DatabaseLockedError(dataDir, pid);
      rmSync(lockPath, { force: true }); // stale
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
