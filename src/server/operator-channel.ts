/**
 * The operator channel of a running store on the embedded database. PGlite lets one process open
 * its data directory, so while `npm start` runs, `npm run orders` cannot open it; it asks the store
 * instead. The store writes `operator.json` inside its data folder: its loopback URL and a random
 * key (256 bits). The operator routes answer only requests that carry that key and come from the
 * same machine. The file goes when the store stops.
 *
 * Who may read the key: the file lives inside the data folder, which only the store's user may
 * enter (private-folder.ts), and is created afresh for each start (exclusively, mode 0600), so
 * nobody else can have made it beforehand and kept it open or owned. A file found there that is
 * not the store's user's own, or that others may read or write, is never trusted: the store never
 * writes its key into it (it refuses to start over one of another user's, saying why) and the
 * commands refuse to read it, in words. One of the store's user's own, mode 0600, is what a store
 * that was killed leaves behind: it is replaced by a new file, never written into.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, rmSync, writeSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const OPERATOR_KEY_HEADER = 'X-Kiryana-Operator-Key';

/** The channel's file of the store on the embedded database in `dataDir`: inside the folder. */
export const channelPath = (dataDir: string) => join(dataDir, 'operator.json');

const ChannelSchema = z.strictObject({ url: z.url(), key: z.string().min(32), pid: z.number().int() });
export type Channel = z.infer<typeof ChannelSchema>;

export const newOperatorKey = () => randomBytes(32).toString('base64url');

/** This process's user id (undefined where there are none: Windows). */
const ownUid = () => process.getuid?.();

/**
 * Why a channel file with these stats is not to be trusted, or undefined when it is: a plain file
 * of this process's user that nobody else may read or write.
 */
export function untrustedBecause(stats: Pick<Stats, 'uid' | 'mode' | 'isFile'>, uid = ownUid()): string | undefined {
  if (!stats.isFile()) return 'it is not a plain file';
  if (uid !== undefined && stats.uid !== uid) return `it belongs to another user (uid ${stats.uid})`;
  if (stats.mode & 0o077) return `other users may read or write it (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')})`;
  return undefined;
}

/** A channel file that is not the store's user's own: its path and why, in words. */
export class UntrustedChannelError extends Error {
  readonly path: string;
  constructor(path: string, why: string) {
    super(`The operator channel file ${path} is not trusted: ${why}. Someone may be trying to read or plant the operator key. Remove the file, check who can enter the data folder, and start the store again.`);
    this.name = 'UntrustedChannelError';
    this.path = path;
  }
}

/** Creates `path` for this process alone (exclusive, 0600, never through a link) and writes `text`. */
function createOwn(path: string, text: string): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * Publishes the channel for `dataDir`; the returned function (also run at exit) removes it.
 * Throws UntrustedChannelError when a file is already there that is not the store's user's own.
 */
export function publishChannel(dataDir: string, channel: Omit<Channel, 'pid'>): () => void {
  const path = channelPath(dataDir);
  const text = JSON.stringify({ ...channel, pid: process.pid });
  try {
    createOwn(path, text);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const why = untrustedBecause(lstatSync(path));
    if (why) throw new UntrustedChannelError(path, why);
    // Left behind by a store of this user that was killed: replaced, never written into.
    rmSync(path, { force: true });
    createOwn(path, text);
  }
  const remove = () => {
    process.off('exit', remove);
    rmSync(path, { force: true });
  };
  process.on('exit', remove);
  return remove;
}

/**
 * The channel a store published for `dataDir`, or undefined (none, or not readable as one).
 * Throws UntrustedChannelError for a file that is not the store's user's own: its key and address
 * may be anyone's.
 */
export function readChannel(dataDir: string): Channel | undefined {
  const path = channelPath(dataDir);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new UntrustedChannelError(path, 'it is a link');
    return undefined;
  }
  try {
    const why = untrustedBecause(fstatSync(fd));
    if (why) throw new UntrustedChannelError(path, why);
    const parsed = ChannelSchema.safeParse(JSON.parse(readFileSync(fd, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch (err) {
    if (err instanceof UntrustedChannelError) throw err;
    return undefined;
  } finally {
    closeSync(fd);
  }
}
