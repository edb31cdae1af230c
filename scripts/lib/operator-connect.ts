/**
 * What an operator command (`npm run orders`, `npm run staff`) works on: the database itself, or,
 * when the running store holds the embedded database, that store's operator channel
 * (src/server/operator-channel.ts), so the command works while the store runs.
 */
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/data-dir-lock.ts';
import { readChannel, type Channel } from '#server/operator-channel.ts';

export interface Connected<T> {
  operations: T;
  close(): Promise<void>;
}

export async function databaseOrChannel<T>(
  url: string | undefined,
  dataDir: string,
  onDatabase: (handle: DatabaseHandle) => Connected<T>,
  onChannel: (channel: Channel) => T,
): Promise<Connected<T>> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url, dataDir });
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const channel = readChannel(err.dataDir);
    if (!channel) throw new Error(`${err.message} It offers no operator channel: run this command while the store is stopped, or restart the store with npm start.`);
    return { operations: onChannel(channel), close: async () => {} };
  }
  return onDatabase(handle);
}
