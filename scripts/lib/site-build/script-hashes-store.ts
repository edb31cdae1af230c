/** Where the build's middleware collects the inline scripts' hashes (script-hashes.ts): one store a process. */
const KEY = Symbol.for('kiryana.scriptHashes');

export interface CollectedScriptHashes {
  hashes: Set<string>;
  /** Hashes already worked out, by script body. */
  seen: Map<string, string>;
  /** Pages whose HTML was read. */
  pages: number;
}

export function collectedScriptHashes(): CollectedScriptHashes {
  const store = globalThis as { [KEY]?: CollectedScriptHashes };
  return (store[KEY] ??= { hashes: new Set(), seen: new Map(), pages: 0 });
}
