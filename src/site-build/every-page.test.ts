import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE_ENTRY, everyPageChunk, staticImports, type ModuleGraph } from './every-page.ts';

const graphOf = (imports: Record<string, string[]>): ModuleGraph => ({
  getModuleInfo: (id) => (id in imports ? { importedIds: imports[id] } : null),
});

const NANO = '/app/node_modules/nanostores';
const chromeGraph = (store: string) =>
  graphOf({
    '/app/src/shell/chrome/index.ts': ['/app/src/shell/chrome/badges.ts', '/app/src/components/later.ts'],
    '/app/src/shell/chrome/badges.ts': [store],
    [store]: [`${NANO}/index.js`, '/app/src/lib/stored.ts'],
    [`${NANO}/index.js`]: [`${NANO}/atom/index.js`, `${NANO}/listen-keys/index.js`, `${NANO}/deep-map/index.js`],
    '/app/src/components/later.ts': [],
    '/app/src/lib/stored.ts': [],
    // Reached by the pages' islands only, never by the chrome's imports.
    '/app/src/features/cart/CartPage.tsx': [store, '/app/src/features/cart/actions.ts'],
  });
const ALL = ['/app/src/shell/chrome/index.ts', '/app/src/shell/chrome/badges.ts', '/app/src/components/later.ts', '/app/src/lib/stored.ts', `${NANO}/index.js`, `${NANO}/atom/index.js`, `${NANO}/listen-keys/index.js`, `${NANO}/deep-map/index.js`, '/app/src/features/cart/CartPage.tsx', '/app/src/features/cart/actions.ts'];

function grouped(store: string): string[] {
  const graph = chromeGraph(store);
  const name = everyPageChunk('shop', '/app/src/shell/chrome/index.ts');
  return [...ALL, store].filter((id) => name(id, graph) === 'shop').sort();
}

describe('everyPageChunk: the every-page chunk is what the chrome entry imports', () => {
  it('takes the entry\'s static imports to the end, not the entry, not what only the islands import, not nanostores\' island-only parts', () => {
    expect(grouped('/app/src/features/cart/store.ts')).toEqual(
      ['/app/src/components/later.ts', '/app/src/features/cart/store.ts', '/app/src/lib/stored.ts', '/app/src/shell/chrome/badges.ts', `${NANO}/atom/index.js`, `${NANO}/index.js`].sort(),
    );
  });

  it('keeps a store in the chunk when its file is renamed or moved: membership follows the import, not the path', () => {
    const before = grouped('/app/src/features/cart/store.ts');
    const after = grouped('/app/src/features/basket/basket-state.ts');
    expect(after).toContain('/app/src/features/basket/basket-state.ts');
    expect(after.length).toBe(before.length);
  });
});

const SRC = join(dirname(EVERY_PAGE_ENTRY), '../..');

/** The source's own static imports (types stripped), resolved by the package's `#` aliases (`#lib/x.ts` is src/lib/x.ts) and relative paths. */
function sourceImports(file: string): string[] {
  const code = stripTypeScriptTypes(readFileSync(file, 'utf8'));
  const [imports] = parse(code);
  const out: string[] = [];
  for (const i of imports) {
    if (i.d !== -1 || !i.n) continue;
    if (i.n.startsWith('#')) out.push(join(SRC, i.n.slice(1)));
    else if (i.n.startsWith('.')) out.push(join(dirname(file), i.n));
  }
  return out;
}

describe('the chrome entry of this tree', () => {
  it('reaches, by its imports, the stores every page shows (badges, user area, toasts) and the signed-out clean-up, wherever their files are', async () => {
    await init;
    const graph: ModuleGraph = { getModuleInfo: (id) => ({ importedIds: id.endsWith('.ts') ? sourceImports(id) : [] }) };
    const reached = [...staticImports(EVERY_PAGE_ENTRY, graph)];
    const exported = new Set(reached.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^export (?:const|function) ([$\w]+)/gm)].map((m) => m[1])));
    for (const name of ['$cart', '$wishlist', '$signedIn', '$toasts', 'forgetAccountLists', 'StoredCartSchema']) expect(exported, name).toContain(name);
    // What runs on the first interaction is loaded later (components/later.ts), never imported.
    expect(reached.map((id) => relative(SRC, id))).not.toContain('shell/chrome/interactive.ts');
  });
});
