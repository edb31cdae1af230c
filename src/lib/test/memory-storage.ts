/** A Web Storage in memory for the sync's unit tests (the outbox lives in localStorage, which Node lacks). */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  const storage = {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem(key: string, value: string) {
      data.set(key, String(value));
      Object.defineProperty(storage, key, { value: String(value), enumerable: true, configurable: true });
    },
    removeItem(key: string) {
      data.delete(key);
      delete (storage as Record<string, unknown>)[key];
    },
    clear() {
      for (const key of [...data.keys()]) storage.removeItem(key);
    },
  };
  for (const name of ['key', 'getItem', 'setItem', 'removeItem', 'clear']) Object.defineProperty(storage, name, { enumerable: false });
  Object.defineProperty(storage, 'length', { enumerable: false });
  return storage as Storage;
}
