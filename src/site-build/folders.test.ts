/** linkTree: every file under a folder hard-linked into another; with `keep`, a file already there is left as it is. */
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkTree } from './folders.ts';

describe('linkTree', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-link-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('links new files into a served site and, with keep, never replaces one there', async () => {
    const from = join(dir, 'pictures');
    const to = join(dir, 'dist', 'images');
    await mkdir(join(from, 'products'), { recursive: true });
    await mkdir(join(to, 'products'), { recursive: true });
    await writeFile(join(from, 'products', 'up-0000000000000001.webp'), 'new picture');
    await writeFile(join(from, 'products', 'up-0000000000000002.webp'), 'uploaded');
    await writeFile(join(to, 'products', 'up-0000000000000002.webp'), 'served already');
    const servedBefore = await stat(join(to, 'products', 'up-0000000000000002.webp'));

    expect(await linkTree(from, to, { keep: true })).toBe(2);
    expect((await stat(join(to, 'products', 'up-0000000000000001.webp'))).ino).toBe((await stat(join(from, 'products', 'up-0000000000000001.webp'))).ino);
    expect((await stat(join(to, 'products', 'up-0000000000000002.webp'))).ino).toBe(servedBefore.ino);

    await linkTree(from, to);
    expect(await readFile(join(to, 'products', 'up-0000000000000002.webp'), 'utf8')).toBe('uploaded');
    // A folder that does not exist (no picture uploaded yet) links nothing.
    expect(await linkTree(join(dir, 'none'), to)).toBe(0);
  });
});
