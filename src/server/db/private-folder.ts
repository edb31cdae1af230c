/**
 * The embedded database's files hold every shopper's e-mail, address and password hash (its WAL
 * too): they are the store's user's alone, whatever the umask it was started with. PGlite writes
 * through Node's fs with modes that leave that to the umask (0666 files under umask 000), so:
 *
 * - `keepNewFilesPrivate` sets the process's umask to 077: every file it creates from then on is
 *   0600 at most, every folder 0700 (the database's, the lock, the operator channel; and so is
 *   everything else the process and its children write, the built site included);
 * - `makeFolderPrivate` makes what is already there so: the folder and those below it 0700, the
 *   files without any group or other bit, and says how many it found open. It refuses a folder
 *   that belongs to another user: whoever owns it can read the data whatever its modes.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Nothing the store creates is open to its group or to other users. */
export const PRIVATE_UMASK = 0o077;

/** Sets the process's umask to PRIVATE_UMASK (where Node allows it: not in a worker thread). */
export function keepNewFilesPrivate(): void {
  if (isMainThread) process.umask(PRIVATE_UMASK);
}

/** A data folder of another user: the store does not keep its data there. */
export class ForeignFolderError extends Error {
  constructor(dir: string, uid: number) {
    super(
      `The data folder ${dir} belongs to another user (uid ${uid}), who could read and change the store's data whatever its modes. Use a folder of the user that runs the store (KIRYANA_DATA_DIR), or give this one to that user.`,
    );
    this.name = 'ForeignFolderError';
  }
}

/**
 * Makes `dir` and everything below it private (folders 0700, files without group or other bits);
 * links are left alone, never followed. Returns how many entries were open to others before.
 */
export function makeFolderPrivate(dir: string): number {
  const top = lstatSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && top.uid !== uid) throw new ForeignFolderError(dir, top.uid);
  let opened = 0;
  const visit = (path: string, isDir: boolean, mode: number) => {
    if (mode & 0o077 || (isDir && (mode & 0o700) !== 0o700)) {
      if (mode & 0o077) opened++;
      chmodSync(path, isDir ? 0o700 : mode & 0o700);
    }
    if (!isDir) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (!entry.isDirectory() && !entry.isFile()) continue;
      const child = join(path, entry.name);
      visit(child, entry.isDirectory(), lstatSync(child).mode & 0o777);
    }
  };
  visit(dir, true, top.mode & 0o777);
  return opened;
}

/** The line the store logs when it found files open to others and closed them. */
export const openedFilesLine = (dir: string, opened: number) =>
  `The embedded database in ${dir} had ${opened} ${opened === 1 ? 'file or folder' : 'files or folders'} other users of this machine could read or write: now only the store's user can (folders 0700, files 0600).`;
