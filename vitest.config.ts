import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Makes the migrated embedded database every API test's database is copied from.
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file a core. Vitest's default leaves a core to its main process, which only collects
    // results: on CI's 2 cores that ran the files one at a time. Each file's API tests open fresh
    // databases of their own (src/server/test/databases.ts), so files never share state.
    maxWorkers: availableParallelism(),
  },
});
