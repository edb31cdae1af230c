/**
 * The layers import downwards only: the shell puts the features together, the features use the
 * primitives, and the primitives know no feature. The server imports nothing from the browser's
 * layers (a rule both sides use lives in src/lib), and src/lib imports nothing of either side.
 * Tests are left out: they may reach anywhere.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '#server/config.ts';

const SOURCE = /\.(ts|tsx|astro)$/;
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

async function imports(dir: string): Promise<[string, string][]> {
  const found: [string, string][] = [];
  for (const entry of await readdir(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const code = await readFile(file, 'utf8');
    for (const [, specifier] of code.matchAll(IMPORT)) found.push([relative(ROOT, file), specifier]);
  }
  return found;
}

/** The imports of `dir` that reach into one of `layers`, by alias or by a relative path. */
async function reaching(dir: string, layers: string[]): Promise<string[]> {
  const into = new RegExp(`^(#(${layers.join('|')})/|(\\.\\./)+(${layers.join('|')})/)`);
  return (await imports(dir)).filter(([, specifier]) => into.test(specifier)).map(([file, specifier]) => `${file}: ${specifier}`);
}

describe('layers', () => {
  it('finds the imports it checks', async () => {
    expect(await reaching('src/shell', ['features'])).toContain('src/shell/Header.astro: #features/search/SearchForm.astro');
  });

  it('the primitives import no feature and nothing of the shell', async () => {
    expect(await reaching('src/components', ['features', 'shell', 'layouts'])).toEqual([]);
  });

  it('the features import nothing of the shell', async () => {
    expect(await reaching('src/features', ['shell', 'layouts'])).toEqual([]);
  });

  it('the server imports nothing of the browser layers', async () => {
    expect(await reaching('src/server', ['features', 'shell', 'components', 'layouts'])).toEqual([]);
  });

  it('the shared rules import nothing of the browser layers, the server or what runs them', async () => {
    expect(await reaching('src/lib', ['features', 'components', 'shell', 'layouts', 'server', 'site-build', 'runtime'])).toEqual([]);
  });
});
