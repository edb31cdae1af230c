/**
 * The layers import downwards only: the shell puts the features together, the features use the
 * primitives, and the primitives know no feature. The server imports nothing from the browser's
 * layers (a rule both sides use lives in src/lib), and src/lib imports nothing of either side.
 * No feature reaches, through others, back to itself: what two features share moves down (to
 * src/lib or src/components), or the one below is handed what it needs. What the build and the
 * browser load never reaches the server's settings (src/server/config.ts: database, mail): they
 * read src/site-build/config.ts. Tests are left out: they may reach anywhere.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
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

/** One import from a file of feature `from` into a file of feature `to`. */
interface FeatureImport {
  from: string;
  to: string;
  /** `file: specifier`, as the circle's report names it. */
  via: string;
}

const FEATURE = /^src\/features\/([^/]+)\//;

/** Every import in src/features from one feature into another, by alias or by a relative path. */
async function featureImports(): Promise<FeatureImport[]> {
  const found: FeatureImport[] = [];
  for (const [file, specifier] of await imports('src/features')) {
    const target = specifier.startsWith('#features/') ? `src/features/${specifier.slice('#features/'.length)}` : specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : '';
    const from = FEATURE.exec(file)?.[1];
    const to = FEATURE.exec(target)?.[1];
    if (from && to && from !== to) found.push({ from, to, via: `${file}: ${specifier}` });
  }
  return found;
}

/**
 * The circles among features: each group of features that reach one another (a strongly connected
 * component of the import graph, Tarjan's algorithm), named by its features and by every import
 * between two of them, sorted. Empty when the features import one another in one direction only.
 */
export function circles(edges: readonly FeatureImport[]): { features: string[]; imports: string[] }[] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)!.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do group.push((member = stack.pop()!));
    while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups
    .map((features) => ({ features, imports: edges.filter((e) => features.includes(e.from) && features.includes(e.to)).map((e) => `${e.from} → ${e.to}: ${e.via}`).sort() }))
    .sort((a, b) => a.features[0].localeCompare(b.features[0]));
}

const ALIAS = /^#(lib|features|components|shell|layouts|server|site-build|runtime)\//;

/** Every source file `entries` load, following relative and `#` imports (tests left out), as paths from ROOT. */
async function loadedFrom(entries: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(join(ROOT, file), 'utf8').catch(() => '');
    for (const [, specifier] of code.matchAll(IMPORT)) {
      const target = ALIAS.test(specifier) ? `src/${specifier.slice(1)}` : specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : '';
      if (SOURCE.test(target) || target.endsWith('.mjs')) queue.push(target);
    }
  }
  return seen;
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

  it('finds a circle through several features and names the imports that make it', () => {
    const edge = (from: string, to: string): FeatureImport => ({ from, to, via: `src/features/${from}/a.ts: #features/${to}/b.ts` });
    expect(circles([edge('cart', 'toasts'), edge('catalog', 'cart'), edge('search', 'catalog')])).toEqual([]);
    expect(circles([edge('catalog', 'cart'), edge('cart', 'toasts'), edge('toasts', 'catalog'), edge('search', 'catalog'), edge('orders', 'session'), edge('session', 'orders')])).toEqual([
      {
        features: ['cart', 'catalog', 'toasts'],
        imports: ['cart → toasts: src/features/cart/a.ts: #features/toasts/b.ts', 'catalog → cart: src/features/catalog/a.ts: #features/cart/b.ts', 'toasts → catalog: src/features/toasts/a.ts: #features/catalog/b.ts'],
      },
      { features: ['orders', 'session'], imports: ['orders → session: src/features/orders/a.ts: #features/session/b.ts', 'session → orders: src/features/session/a.ts: #features/orders/b.ts'] },
    ]);
  });

  it('finds the imports between features, by alias and by a relative path', async () => {
    const found = (await featureImports()).map((e) => `${e.from} → ${e.to}: ${e.via}`);
    expect(found).toContain('checkout → cart: src/features/checkout/conflicts.ts: #features/cart/recheck.ts');
    expect(found.filter((e) => e.startsWith('catalog → catalog'))).toEqual([]);
  });

  it('no feature imports, through others, one that imports it', async () => {
    expect(circles(await featureImports())).toEqual([]);
  });

  it("the build and the browser's code load none of the server's settings (its secrets among them)", async () => {
    const entries = ['astro.config.mjs'];
    for (const dir of ['src/pages', 'src/features', 'src/components', 'src/shell', 'src/layouts']) {
      for (const entry of await readdir(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) entries.push(relative(ROOT, join(entry.parentPath, entry.name)));
      }
    }
    const loaded = await loadedFrom(entries);
    expect(loaded).toContain('src/site-build/config.ts');
    expect(loaded).not.toContain('src/server/config.ts');
  });
});
