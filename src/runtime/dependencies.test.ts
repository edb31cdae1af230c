/**
 * `npm install --omit=dev && npm start` is how a production image runs the store: every package the
 * running store loads, builds with or draws with must be a dependency, not a devDependency.
 * The check walks the source that `npm start` runs (src/runtime, src/server, src/site-build, the
 * pages it builds and astro.config.mjs, tests and test helpers left out) through its imports, and
 * looks up each package it names in package.json.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  imports: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const ROOTS = ['src/runtime', 'src/server', 'src/site-build', 'src/pages'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx|astro)$/;
/** Tests and what only tests load: they never run under `npm start`. */
const testOnly = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)test\//.test(path);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => SOURCE.test(path) && !testOnly(path));
}

/** Module specifiers a file names: static and dynamic imports, re-exports, require.resolve. */
export function specifiers(text: string): string[] {
  const statements = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1|^\s*import\s*(['"])([^'"]+)\3/gm;
  const calls = /\b(?:import|require|require\.resolve)\(\s*['"`]([^'"`]+)/g;
  return [...[...text.matchAll(statements)].map((m) => m[2] ?? m[4]), ...[...text.matchAll(calls)].map((m) => m[1])];
}

/** The package a bare specifier names (`@scope/name` or `name`), or undefined for a path, `#` or `node:` import. */
export function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|#|node:|virtual:|astro:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function resolveLocal(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('#')) {
    const [prefix, mapped] = Object.entries(pkg.imports).find(([key]) => specifier.startsWith(key.replace('*', '')))!;
    target = join(mapped.replace('*', specifier.slice(prefix.length - 1)));
  } else if (specifier.startsWith('.')) {
    target = join(dirname(from), specifier);
  } else return undefined;
  target = target.split('?')[0];
  for (const candidate of [target, `${target}.ts`, `${target}/index.ts`]) {
    if (existsSync(join(ROOT, candidate)) && SOURCE.test(candidate)) return relative(ROOT, join(ROOT, candidate));
  }
  return undefined;
}

/** Every package the runtime's files name, with the first file that names it. */
function runtimePackages(): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = ['astro.config.mjs', ...ROOTS.flatMap(sourceFiles)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || testOnly(file)) continue;
    seen.add(file);
    for (const specifier of specifiers(readFileSync(join(ROOT, file), 'utf8'))) {
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
      // A template such as `@iconify-json/${prefix}/icons.json` names every installed package of its scope.
      const scope = specifier.match(/^(@[^/]+)\/\$\{/)?.[1];
      const names = scope ? Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => n.startsWith(`${scope}/`)) : [packageOf(specifier)];
      for (const name of names) if (name && !packages.has(name)) packages.set(name, file);
    }
  }
  return packages;
}

describe('what `npm start` needs is installed by `npm install --omit=dev`', () => {
  it('finds imports of every kind, and tells packages from local paths', () => {
    const text = `import a from 'astro';\nimport { b } from "@scope/pkg/sub";\nexport * from './here.ts';\nconst from = 'not-a-package';\nconst c = await import('lazy-pkg');\nrequire.resolve(\`@fonts/x/files/a.woff\`);\nimport '#server/x.ts';`;
    expect(specifiers(text).map(packageOf)).toEqual(['astro', '@scope/pkg', undefined, undefined, 'lazy-pkg', '@fonts/x']);
  });

  it('walks the runtime as far as the artwork it draws', () => {
    const packages = runtimePackages();
    for (const name of ['hono', 'astro', 'opentype.js', '@fontsource/poppins', '@iconify-json/noto', '@iconify-json/fluent-emoji-flat']) expect(packages.has(name), name).toBe(true);
  });

  it('has no package the runtime names among the devDependencies only', () => {
    const devOnly = [...runtimePackages()].filter(([name]) => name in pkg.devDependencies && !(name in pkg.dependencies)).map(([name, file]) => `${name} (named by ${file})`);
    expect(devOnly).toEqual([]);
  });

  it('runs on the pinned Node: the `node` package that `npm start` runs is a dependency', () => {
    // npm puts node_modules/.bin first on a script's PATH, so `node` in a script is the pinned one only when it is installed.
    expect(pkg.scripts.start).toMatch(/^node /);
    expect(pkg.dependencies.node).toBeDefined();
  });
});
