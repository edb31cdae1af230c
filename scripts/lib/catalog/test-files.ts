/** Files for the catalogue commands' tests: temporary folders removed after the suite. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh temporary folder, removed when the test file ends. */
export function useTempDirs(): () => Promise<string> {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  return async () => {
    const d = await mkdtemp(join(tmpdir(), 'kiryana-catalog-'));
    dirs.push(d);
    return d;
  };
}
