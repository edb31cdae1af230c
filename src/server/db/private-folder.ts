/**
 * The embedded database's files hold every shopper's e-mail, address and password hash (its WAL
 * too): they are the store's user's alone, whatever the umask it was started with. PGlite writes
 * through Node's fs: the files Postgres creates get their mode through the umask, but a new
 * cluster's files are set 0666 whatever it is, so:
 *
 * - `keepNewFilesPrivate` sets the process's umask to 077: every file it creates from then on is
 *   0600 at most, every folder 0700 (the database's, the lock, the operator channel; and so is
 *   everything else the process and its children write, the built site included);
 * - `makeFolderPrivate` makes what is already there so: the folder and those below it 0700, the
 *   files without any group or other bit, and says how many it found open. The store runs it before
 *   PGlite opens the folder (what it finds open is said in the log) and once PGlite has made a new
 *   cluster in it (its own doing: said nowhere). The folder is 0700 before PGlite writes a byte, so
 *   nobody else can reach a file meanwhile. It refuses a folder,
 *   or anything in it, that belongs to another user: whoever owns it can read the data whatever
 *   its modes (and could have planted a file, such as the operator channel's, to read later).
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

/** A data folder, or something in it, of another user: the store does not keep its data there. */
export class ForeignFolderError extends Error {
  constructor(dir: string, path: string, uid: number) {
    const what = path === dir ? `The data folder ${dir} belongs` : `${path} in the data folder belongs`;
    super(
      `${what} to another user (uid ${uid}), who could read and change the store's data whatever its modes. Keep the data in a folder of the user that runs the store alone (KIRYANA_DATA_DIR), or give this one and everything in it to that user.`,
    );
    this.name = 'ForeignFolderError';
  }
}

/**
 * Makes `dir` and everything below it private (folders 0700, files without group or other bits);
 * links are left alone, never followed. Returns how many entries were open to others before.
 * Throws ForeignFolderError when the folder or anything in it is not `uid`'s (this process's user).
 */
export function makeFolderPrivate(dir: string, uid = process.getuid?.()): number {
  let opened = 0;
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (!stats.isDirectory() && !stats.isFile()) return;
    if (uid !== undefined && stats.uid !== uid) throw new ForeignFolderError(dir, path, stats.uid);
    const mode = stats.mode & 0o777;
    const isDir = stats.isDirectory();
    if (mode & 0o077 || (isDir && (mode & 0o700) !== 0o700)) {
      if (mode & 0o077) opened++;
      chmodSync(path, isDir ? 0o700 : mode & 0o700);
    }
    if (isDir) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return opened;
}

/** The line the store logs when it found files open to others and closed them. */
export const openedFilesLine = (dir: string, opened: number) =>
  `The embedded database in ${dir} had ${opened} ${opened === 1 ? 'file or folder' : 'files and folders'} other users of this machine could read or write: now only the store's user can (folders 0700, files 0600).`;
