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

  it('leaves out files being drawn, and skips files gone while it links (the artwork drawn meanwhile)', async () => {
    const from = join(dir, 'artwork');
    const to = join(dir, 'next', 'images');
    await mkdir(join(from, 'products'), { recursive: true });
    await writeFile(join(from, 'products', 'tomatoes-1kg-200.webp'), 'drawn');
    await writeFile(join(from, 'products', '.tomatoes-1kg-alt-200.webp.15477.312.tmp'), 'half drawn');
    expect(await linkTree(from, to)).toBe(1);
    await expect(stat(join(to, 'products', '.tomatoes-1kg-alt-200.webp.15477.312.tmp'))).rejects.toThrow();

    // Files removed while the tree is linked: whatever is gone by then is skipped, never an error.
    const names = Array.from({ length: 400 }, (_, i) => `gone-${i}.webp`);
    await Promise.all(names.map((name) => writeFile(join(from, 'products', name), 'x')));
    const linking = linkTree(from, join(dir, 'again'));
    await Promise.all(names.map((name) => rm(join(from, 'products', name))));
    await expect(linking).resolves.toBeGreaterThanOrEqual(1);
  });
});
