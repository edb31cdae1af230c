/**
 * `npm test`: every suite, in two stages, stopping after the first stage that fails.
 *   1. unit and API tests (Vitest; API on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set)
 *      and the type check of site and code (astro check), side by side: the type check needs one
 *      core for half a minute, which the unit suite leaves free while it waits on processes and
 *      databases. The unit suite prints as it goes; the type check's output is held and printed
 *      whole after it, so the two never interleave.
 *   2. browser e2e (Playwright in Chromium) against a freshly seeded and built store
 * Pass `--unit`, `--check` or `--e2e` to run one of them (extra arguments go to it).
 * The exit code is the first failed suite's, in the order above.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '#server/config.ts';

interface Suite {
  flag: string;
  name: string;
  cmd: string;
  args: string[];
}
interface Outcome {
  suite: Suite;
  code: number;
  seconds: number;
  /** What a held suite printed, to be shown after the live one. */
  held?: string;
}

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const unit: Suite = { flag: '--unit', name: 'unit and API tests', cmd: bin('vitest'), args: ['run'] };
const check: Suite = { flag: '--check', name: 'type check', cmd: bin('astro'), args: ['check', '--minimumFailingSeverity', 'warning'] };
const e2e: Suite = { flag: '--e2e', name: 'browser e2e', cmd: bin('playwright'), args: ['test'] };
/** Each stage's suites run side by side; the first prints live, the others are held. */
const stages: Suite[][] = [[unit, check], [e2e]];

const only = process.argv.slice(2).filter((a) => a.startsWith('--'));
const extra = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
if (!env.TEST_DATABASE_URL) console.log('ℹ TEST_DATABASE_URL is not set: API tests run on PGlite only.');

function run(suite: Suite, live: boolean): Promise<Outcome> {
  const started = performance.now();
  const args = [...suite.args, ...(only.length === 1 ? extra : [])];
  const child = spawn(suite.cmd, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env, cwd: ROOT });
  let held = '';
  child.stdout?.on('data', (chunk: Buffer) => (held += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (held += chunk.toString()));
  return new Promise((resolve) => {
    const done = (code: number) => resolve({ suite, code, seconds: (performance.now() - started) / 1000, held: live ? undefined : held });
    child.on('error', (err) => ((held += `${err.message}\n`), done(1)));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const report = ({ suite, code, seconds }: Outcome) =>
  code === 0 ? console.log(`✓ ${suite.name} (${seconds.toFixed(0)} s)`) : console.error(`\n✗ ${suite.name} failed (${seconds.toFixed(0)} s)`);

for (const stage of stages) {
  const suites = stage.filter((suite) => !only.length || only.includes(suite.flag));
  if (!suites.length) continue;
  console.log(`\n━━ ${suites.map((s) => s.name).join(' ∥ ')} ━━`);
  const outcomes = await Promise.all(suites.map((suite, i) => run(suite, i === 0)));
  for (const outcome of outcomes) {
    if (outcome.held !== undefined) {
      console.log(`\n━━ ${outcome.suite.name}: its output ━━`);
      process.stdout.write(outcome.held);
    }
    report(outcome);
  }
  const failed = outcomes.find((o) => o.code !== 0);
  if (failed) process.exit(failed.code);
}
