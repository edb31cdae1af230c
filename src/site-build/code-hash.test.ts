import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '#server/config.ts';
import { codeHash, HASHED_DIRS } from './code-hash.ts';

describe('codeHash', () => {
  it('changes with the code and ignores tests', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-hash-'));
    await mkdir(join(root, 'src'), { recursive: true });
    await writeFile(join(root, 'src/page.astro'), '<h1>one</h1>');
    const first = await codeHash(root);
    await writeFile(join(root, 'src/page.test.ts'), 'test');
    expect(await codeHash(root)).toBe(first);
    await writeFile(join(root, 'src/page.astro'), '<h1>two</h1>');
    expect(await codeHash(root)).not.toBe(first);
    await rm(root, { recursive: true, force: true });
  });

  it('covers every file of the repo that the Astro config loads', async () => {
    const astroConfig = await readFile(join(ROOT, 'astro.config.mjs'), 'utf8');
    const own = [...astroConfig.matchAll(/['"]\.\/([^'"]+)['"]/g)].map((m) => m[1]);
    expect(own).toContain('src/site-build/changed-pages.ts');
    expect(own.filter((file) => !HASHED_DIRS.some((dir) => file.startsWith(`${dir}/`)))).toEqual([]);
  });
});
