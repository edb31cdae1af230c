import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ForeignFolderError, makeFolderPrivate, openedFilesLine } from './private-folder.ts';

/** Every folder and file under `dir` (itself included) with its mode. */
function modesUnder(dir: string): { path: string; dir: boolean; mode: number }[] {
  const stats = lstatSync(dir);
  const here = { path: dir, dir: stats.isDirectory(), mode: stats.mode & 0o777 };
  if (!here.dir) return stats.isFile() ? [here] : [];
  return [here, ...readdirSync(dir).flatMap((name) => modesUnder(join(dir, name)))];
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kiryana-private-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('makeFolderPrivate', () => {
  it('closes every folder to 0700 and every file to its owner, counts what was open, and leaves links alone', () => {
    const dir = join(root, 'pglite');
    mkdirSync(join(dir, 'base', '1'), { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '17');
    writeFileSync(join(dir, 'base', '1', '1259'), 'x');
    writeFileSync(join(dir, 'postgresql.conf'), 'x');
    writeFileSync(join(root, 'outside'), 'x');
    chmodSync(join(root, 'outside'), 0o644);
    symlinkSync(join(root, 'outside'), join(dir, 'link'));
    chmodSync(join(dir, 'PG_VERSION'), 0o666);
    chmodSync(join(dir, 'base', '1', '1259'), 0o644);
    chmodSync(join(dir, 'postgresql.conf'), 0o600);
    chmodSync(join(dir, 'base', '1'), 0o755);
    chmodSync(join(dir, 'base'), 0o777);
    chmodSync(dir, 0o755);

    expect(makeFolderPrivate(dir)).toBe(5);
    expect(modesUnder(dir).filter((e) => e.dir ? e.mode !== 0o700 : (e.mode & 0o077) !== 0)).toEqual([]);
    expect(lstatSync(join(dir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
    // The link's target, outside the folder, is not touched.
    expect(lstatSync(join(root, 'outside')).mode & 0o777).toBe(0o644);
    // Private already: nothing to say.
    expect(makeFolderPrivate(dir)).toBe(0);
    expect(openedFilesLine(dir, 5)).toBe(
      `The embedded database in ${dir} had 5 files and folders other users of this machine could read or write: now only the store's user can (folders 0700, files 0600).`,
    );
  });

  it("refuses a folder, or a file in it, that is another user's, in words", () => {
    const dir = join(root, 'pglite');
    mkdirSync(dir);
    writeFileSync(join(dir, 'operator.json'), '{}');
    const own = lstatSync(dir).uid;
    // Seen as a user who owns none of it.
    expect(() => makeFolderPrivate(dir, own + 1)).toThrow(ForeignFolderError);
    expect(() => makeFolderPrivate(dir, own + 1)).toThrow(`The data folder ${dir} belongs to another user (uid ${own}), who could read and change the store's data whatever its modes.`);
    expect(new ForeignFolderError(dir, join(dir, 'operator.json'), 1234).message).toMatch(new RegExp(`^${join(dir, 'operator.json')} in the data folder belongs to another user \\(uid 1234\\)`));
  });
});
