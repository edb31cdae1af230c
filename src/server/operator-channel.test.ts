/**
 * The operator channel's file: created inside the data folder for the store's user alone whatever
 * the umask, a leftover of the user's own replaced, and a planted one (open to others, another
 * user's, a link) refused by the store and by the commands, in words, its content untouched.
 */
import { chmodSync, closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelPath, newOperatorKey, publishChannel, readChannel, untrustedBecause, UntrustedChannelError } from './operator-channel.ts';

let dataDir: string;
let umask: number;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'kiryana-channel-'));
  umask = process.umask(0o000);
});
afterEach(() => {
  process.umask(umask);
  rmSync(dataDir, { recursive: true, force: true });
});

const channel = { url: 'http://127.0.0.1:4321', key: newOperatorKey() };
const planted = JSON.stringify({ url: 'http://127.0.0.1:9', key: 'p'.repeat(43), pid: 1 });

describe('the operator channel file', () => {
  it('lives inside the data folder, made 0600 under any umask, and goes when the store stops', () => {
    const remove = publishChannel(dataDir, channel);
    const path = channelPath(dataDir);
    expect(path).toBe(join(dataDir, 'operator.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readChannel(dataDir)).toEqual({ ...channel, pid: process.pid });
    remove();
    expect(readChannel(dataDir)).toBeUndefined();
  });

  it("replaces one the store's user left behind (a store that was killed) with a new file", () => {
    const path = channelPath(dataDir);
    writeFileSync(path, planted, { mode: 0o600 });
    // Whoever held the old file open reads what it held, never the new key.
    const held = openSync(path, 'r');
    try {
      const remove = publishChannel(dataDir, channel);
      expect(readChannel(dataDir)?.key).toBe(channel.key);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(path).ino).not.toBe(fstatSync(held).ino);
      expect(readFileSync(held, 'utf8')).toBe(planted);
      remove();
    } finally {
      closeSync(held);
    }
  });

  it('refuses one that others may read (planted 0644): the store does not write its key into it, and the commands do not read it', () => {
    const path = channelPath(dataDir);
    writeFileSync(path, planted);
    chmodSync(path, 0o644);
    const why = `The operator channel file ${path} is not trusted: other users may read or write it (mode 0644).`;
    expect(() => publishChannel(dataDir, channel)).toThrow(UntrustedChannelError);
    expect(() => publishChannel(dataDir, channel)).toThrow(why);
    expect(readFileSync(path, 'utf8')).toBe(planted);
    expect(() => readChannel(dataDir)).toThrow(why);
  });

  it('refuses a link planted in its place, and never writes through it', () => {
    const elsewhere = join(dataDir, 'elsewhere.json');
    writeFileSync(elsewhere, planted, { mode: 0o600 });
    symlinkSync(elsewhere, channelPath(dataDir));
    expect(() => publishChannel(dataDir, channel)).toThrow('is not trusted: it is not a plain file');
    expect(() => readChannel(dataDir)).toThrow('is not trusted: it is a link');
    expect(readFileSync(elsewhere, 'utf8')).toBe(planted);
  });

  it("trusts only a plain file of this process's user that nobody else may read or write", () => {
    const file = (uid: number, mode: number, isFile = true) => ({ uid, mode: 0o100000 | mode, isFile: () => isFile });
    expect(untrustedBecause(file(1000, 0o600), 1000)).toBeUndefined();
    expect(untrustedBecause(file(1001, 0o600), 1000)).toBe('it belongs to another user (uid 1001)');
    expect(untrustedBecause(file(1000, 0o640), 1000)).toBe('other users may read or write it (mode 0640)');
    expect(untrustedBecause(file(1000, 0o602), 1000)).toBe('other users may read or write it (mode 0602)');
    expect(untrustedBecause(file(1000, 0o600, false), 1000)).toBe('it is not a plain file');
  });
});
