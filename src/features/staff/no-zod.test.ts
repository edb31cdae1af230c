/**
 * The staff pages load no zod in the browser. Every zod export a browser module uses at run time
 * joins the chunk every shop page loads (astro.config.mjs), so a schema parsed on a staff page
 * would weigh on every shopper's page. This walks, from each staff page's islands and every module
 * of the staff features, the imports that run in the browser (`import type` and type-only names
 * left out, dynamic `import()` kept), through the store's own modules and into packages, and fails
 * on any that reaches zod, naming the path.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');
const ALIASES = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports as Record<string, string>;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

/** The specifiers a module imports at run time: type-only imports and exports are erased by the build. */
export function runtimeImports(code: string, fileName = 'module.tsx'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly || (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A package's name from a bare specifier (`@scope/name/sub` → `@scope/name`). */
const packageName = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** True when the package is zod or needs it. */
function packageLoadsZod(name: string): boolean {
  if (name === 'zod') return true;
  const manifest = join(ROOT, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return false;
  const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
  return 'zod' in dependencies || 'zod' in peerDependencies;
}

function resolveLocal(spec: string, from: string): string | null {
  for (const [alias, target] of Object.entries(ALIASES)) {
    const prefix = alias.replace('*', '');
    if (spec.startsWith(prefix)) return join(ROOT, target.replace('*', spec.slice(prefix.length)));
  }
  return spec.startsWith('.') ? resolve(dirname(from), spec) : null;
}

/** Astro files: the frontmatter's imports and those of the `<script>` blocks the build bundles. */
function astroImports(code: string): string[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(code)?.[1] ?? '';
  const scripts = [...code.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].flatMap((c) => runtimeImports(c, 'page.ts'));
}

/** The first chain of runtime imports from `entry` that reaches zod, or null. */
function pathToZod(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const specs = file.endsWith('.astro') ? astroImports(code) : runtimeImports(code, file);
    for (const spec of specs) {
      const local = resolveLocal(spec, file);
      if (!local) {
        if (packageLoadsZod(packageName(spec))) return [...chain, spec];
        continue;
      }
      if (!/\.(ts|tsx|astro)$/.test(local)) continue;
      const found = walk(local, [...chain, relative(ROOT, local)]);
      if (found) return found;
    }
    return null;
  };
  return walk(entry, [relative(ROOT, entry)]);
}

const staffPages = files(join(SRC, 'pages/staff')).filter((f) => f.endsWith('.astro'));
const staffModules = [join(SRC, 'features/staff'), join(SRC, 'features/staff-desk'), join(SRC, 'features/staff-catalog')]
  .flatMap(files)
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));

describe('staff pages in the browser', () => {
  it('finds the staff pages and their modules', () => {
    expect(staffPages.length).toBeGreaterThanOrEqual(8);
    expect(staffModules.length).toBeGreaterThan(20);
  });

  it.each([...staffPages, ...staffModules].map((f) => [relative(ROOT, f), f]))('%s imports no zod at run time', (_name, file) => {
    expect(pathToZod(file)?.join(' → ') ?? 'no path to zod').toBe('no path to zod');
  });
});

describe('the walk', () => {
  it('follows aliases and relative imports to zod and names the path', () => {
    expect(pathToZod(join(SRC, 'features/checkout/rules.ts'))).toEqual(['src/features/checkout/rules.ts', 'src/lib/email-rule.ts', 'zod/mini']);
    expect(pathToZod(join(SRC, 'lib/schemas/staff.ts'))).toEqual(['src/lib/schemas/staff.ts', 'zod/mini']);
  });

  it('counts a package that needs zod as zod', () => {
    expect(packageLoadsZod('@hono/zod-openapi')).toBe(true);
    expect(packageLoadsZod('nanostores')).toBe(false);
  });
});

describe('runtimeImports', () => {
  it('leaves out what the build erases and keeps what it runs', () => {
    const code = [
      "import type * as z from 'zod/mini';",
      "import { type A, type B } from 'types-only';",
      "import { type C, d } from 'mixed';",
      "import * as y from 'zod';",
      "export type { E } from 'type-reexport';",
      "export { f } from 'reexport';",
      "const g = () => import('lazy');",
    ].join('\n');
    expect(runtimeImports(code)).toEqual(['mixed', 'zod', 'reexport', 'lazy']);
  });
});
