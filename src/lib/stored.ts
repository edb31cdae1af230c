/**
 * A nanostore kept in localStorage under one of the store's keys, checked with a zod schema.
 * Stored text that is not JSON, or not what the schema describes (another app's data, an old
 * format, a hand edit), reads as `empty`: never a crash, and nothing half-read is written back
 * (the store only writes when the shopper changes it). Another tab's change arrives through the
 * `storage` event (@nanostores/persistent listens by default).
 */
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type * as z from 'zod/mini';

/** `prepare` may reshape what was read (an older spelling of a field) before the schema checks it. */
export function decodeStored<T>(schema: z.ZodMiniType<T>, raw: string, empty: T, prepare: (value: unknown) => unknown = (v) => v): T {
  try {
    const parsed = schema.safeParse(prepare(JSON.parse(raw)));
    return parsed.success ? parsed.data : empty;
  } catch {
    return empty;
  }
}

export function storedAtom<T>(key: string, schema: z.ZodMiniType<T>, empty: T, prepare?: (value: unknown) => unknown): WritableAtom<T> {
  return persistentAtom<T>(key, empty, {
    encode: (value) => JSON.stringify(value),
    decode: (raw) => decodeStored(schema, raw, empty, prepare),
  });
}

/** Sets `$store` to `next` only when their JSON differs: an equal value stores nothing and wakes nobody. */
export function setIfChanged<T>($store: WritableAtom<T>, next: T): void {
  if (JSON.stringify($store.get()) !== JSON.stringify(next)) $store.set(next);
}
