/**
 * `npm test`: every suite, stopping at the first that fails.
 *   1. unit and API tests (Vitest; API on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set)
 *   2. type check of site and code (astro check)
 *   3. browser e2e (Playwright in Chromium) against a freshly seeded and built store
 * Pass `--unit`, `--check` or `--e2e` to run one of them.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '#server/config.ts';

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const suites = [
  { flag: '--unit', name: 'unit and API tests', cmd: bin('vitest'), args: ['run'] },
  { flag: '--check', name: 'type check', cmd: bin('astro'), args: ['check', '--minimumFailingSeverity', 'warning'] },
  { flag: '--e2e', name: 'browser e2e', cmd: bin('playwright'), args: ['test'] },
];

const only = process.argv.slice(2).filter((a) => a.startsWith('--'));
const extra = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
if (!env.TEST_DATABASE_URL) console.log('ℹ TEST_DATABASE_URL is not set: API tests run on PGlite only.');

for (const suite of suites) {
  if (only.length && !only.includes(suite.flag)) continue;
  console.log(`\n━━ ${suite.name} ━━`);
  const started = performance.now();
  const run = spawnSync(suite.cmd, [...suite.args, ...(only.length === 1 ? extra : [])], { stdio: 'inherit', env, cwd: ROOT });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (run.status !== 0) {
    console.error(`\n✗ ${suite.name} failed (${seconds} s)`);
    process.exit(run.status ?? 1);
  }
  console.log(`✓ ${suite.name} (${seconds} s)`);
}
