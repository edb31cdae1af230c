/**
 * What every page runs before any interaction, named by the modules themselves: the chrome's entry
 * (src/shell/chrome/index.ts, the one script BaseLayout gives every page) and everything it imports
 * statically, followed through the build's own module graph. The build puts those modules into one
 * chunk (`shop`, astro.config.mjs) instead of ten: each file gzips on its own, and the text pages'
 * budget is 10 KB (npm run bench:size). A module renamed, moved or newly imported by the chrome
 * stays in, or joins, that chunk by the import itself; nothing lists it by path.
 *
 * The entry stays in its own chunk (the page's script), and what it imports only dynamically or
 * through components/later.ts (interactive.ts: the handlers loaded on the first interaction) is not
 * part of it.
 */
import { fileURLToPath } from 'node:url';

export const EVERY_PAGE_ENTRY = fileURLToPath(new URL('../shell/chrome/index.ts', import.meta.url));

/**
 * Modules inside a package the chrome reaches through the package's index, whose exports only the
 * islands use (nanostores' `listenKeys` and `deepMap`, for @nanostores/react's `useStore`): in the
 * every-page chunk, every page would load them for the pages with React.
 */
export const ISLANDS_ONLY = /[\\/]node_modules[\\/]nanostores[\\/](listen-keys|deep-map)[\\/]/;

/** The part of the build's module graph this walk reads (rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** `entry`'s static imports, followed to the end (the entry itself left out). */
export function staticImports(entry: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.getModuleInfo(entry)?.importedIds ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === entry || seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * A code-splitting group's `name` that gives `chunk` to every module `entry` imports statically
 * (ISLANDS_ONLY aside) and leaves every other module to the groups after it. The walk is made once
 * per chunking pass (rolldown reuses one context object within a pass).
 */
export function everyPageChunk(chunk: string, entry = EVERY_PAGE_ENTRY): (id: string, graph: ModuleGraph) => string | null {
  const walks = new WeakMap<ModuleGraph, Set<string>>();
  return (id, graph) => {
    let modules = walks.get(graph);
    if (!modules) walks.set(graph, (modules = staticImports(entry, graph)));
    return modules.has(id) && !ISLANDS_ONLY.test(id) ? chunk : null;
  };
}
