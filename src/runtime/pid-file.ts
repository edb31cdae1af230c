/**
 * Where `npm start`'s primary writes its process id, so that `npm run restart` can find it: a file
 * per port in a folder only the store's user can read or write (`data/run/kiryana-4321.pid` beside
 * the default data folder), so nobody else can plant a file that sends the signal elsewhere.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { makeFolderPrivate } from '#server/db/private-folder.ts';

/** The folder beside the embedded database's: `data/run` for `data/pglite`. */
export const runFolder = (dataDir: string) => join(dirname(resolve(dataDir)), 'run');

export const pidFilePath = (folder: string, port: number) => join(folder, `kiryana-${port}.pid`);

/** Written by the primary after each restart: when it ended and how long it took. */
export const restartedFilePath = (folder: string, port: number) => join(folder, `kiryana-${port}.restarted.json`);

export interface Restarted {
  at: string;
  seconds: number;
}

export function writeRestarted(folder: string, port: number, seconds: number): void {
  writeFileSync(restartedFilePath(folder, port), JSON.stringify({ at: new Date().toISOString(), seconds } satisfies Restarted), { mode: 0o600 });
}

export function readRestarted(folder: string, port: number): Restarted | undefined {
  try {
    return JSON.parse(readFileSync(restartedFilePath(folder, port), 'utf8')) as Restarted;
  } catch {
    return undefined;
  }
}

/** Makes the folder (0700) or makes it private; refuses one that is another user's (ForeignFolderError). */
export function preparePidFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  makeFolderPrivate(folder);
}

/**
 * The primary serving `port`, when its file names a process that runs; undefined when there is no
 * file, or it names one that is gone (a store killed without its cleanup).
 */
export function runningStorePid(folder: string, port: number): number | undefined {
  const file = pidFilePath(folder, port);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 1 && processRuns(pid) ? pid : undefined;
}

/** Whether a process with this id runs (signal 0 reaches it). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
