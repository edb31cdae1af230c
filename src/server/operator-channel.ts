/**
 * The operator channel of a running store on the embedded database. PGlite lets one process open
 * its data directory, so while `npm start` runs, `npm run orders` cannot open it; it asks the store
 * instead. The store writes `<dataDir>.operator.json` (mode 0600, so only the user who runs the
 * store can read it): its loopback URL and a random key (256 bits). The operator routes answer only
 * requests that carry that key and come from the same machine. The file goes when the store stops.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

export const OPERATOR_KEY_HEADER = 'X-Kiryana-Operator-Key';

export const channelPath = (dataDir: string) => `${dataDir}.operator.json`;

const ChannelSchema = z.strictObject({ url: z.url(), key: z.string().min(32), pid: z.number().int() });
export type Channel = z.infer<typeof ChannelSchema>;

export const newOperatorKey = () => randomBytes(32).toString('base64url');

/** Publishes the channel for `dataDir`; the returned function (also run at exit) removes it. */
export function publishChannel(dataDir: string, channel: Omit<Channel, 'pid'>): () => void {
  const path = channelPath(dataDir);
  writeFileSync(path, JSON.stringify({ ...channel, pid: process.pid }), { mode: 0o600 });
  chmodSync(path, 0o600); // an existing file keeps its mode on write
  const remove = () => {
    process.off('exit', remove);
    rmSync(path, { force: true });
  };
  process.on('exit', remove);
  return remove;
}

/** The channel a store published for `dataDir`, or undefined (none, or not readable as one). */
export function readChannel(dataDir: string): Channel | undefined {
  try {
    const parsed = ChannelSchema.safeParse(JSON.parse(readFileSync(channelPath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
