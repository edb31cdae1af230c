import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * e2e against the real thing: `npm start` on a fresh embedded database in .cache/e2e, which seeds,
 * builds the site and serves it with the API on E2E_PORT (scripts/e2e-server.ts). When
 * TEST_DATABASE_URL is set, a second store runs on a fresh PostgreSQL database on E2E_PORT + 2
 * (E2E_PORT + 1 is the editor spec's own store), and the `postgres` project runs the staff specs
 * (e2e/staff-*.spec.ts) against it at a phone's width: the same story on both databases.
 */
const port = Number(process.env.E2E_PORT || 4391);
const postgresPort = port + 2;
const postgres = Boolean(process.env.TEST_DATABASE_URL);
// Debian's Chromium: its headless shell when installed (what Playwright itself runs headless: the
// browser without the desktop's UI, lighter on CI's two cores), else the whole browser.
// E2E_CHROMIUM names another binary.
const chromium = [process.env.E2E_CHROMIUM, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => path && existsSync(path));
// The config is read by the runner and again by each worker: the runner alone says it.
if (!postgres && process.env.TEST_WORKER_INDEX === undefined) console.log('ℹ TEST_DATABASE_URL is not set: the staff e2e runs on PGlite only (project postgres skipped).');

/** The projects named with --project (every project when none is). */
function chosenProjects(argv: string[]): string[] | undefined {
  const named = argv.flatMap((arg, i) => (arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg === '--project' && argv[i + 1] ? [argv[i + 1]] : []));
  return named.length && !named.some((n) => /[*?]/.test(n)) ? named.flatMap((n) => n.split(',')) : undefined;
}
const chosen = chosenProjects(process.argv);
const wanted = (store: 'pglite' | 'postgres') => !chosen || chosen.some((name) => (name === 'postgres') === (store === 'postgres'));

const phone = { ...devices['Pixel 7'], browserName: 'chromium' as const, viewport: { width: 375, height: 812 } };

/**
 * A store for e2e: scripts/e2e-server.ts on `storePort`. Stopped with SIGTERM, so the PostgreSQL
 * store drops its database; its home page answers 200 only once the fresh build is in place.
 */
const store = (name: 'pglite' | 'postgres', storePort: number): Extract<PlaywrightTestConfig['webServer'], unknown[]>[number] => ({
  command: 'node scripts/e2e-server.ts',
  url: `http://127.0.0.1:${storePort}/`,
  // The store answers once the site is built (seconds on 2 cores; a loaded machine can take
  // several times longer); artwork is drawn when a page first asks for it.
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: 'pipe',
  name,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  env: { PORT: String(storePort), HOST: '127.0.0.1', E2E_STORE: name },
});

export default defineConfig({
  testDir: './e2e',
  // After the run: no secret the tests used is in their stores' logs (e2e/log-secrets.ts).
  globalTeardown: './e2e/log-secrets.ts',
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  // PLAYWRIGHT_JSON_OUTPUT_NAME set: each test's outcome and time in that JSON file too (to compare runs).
  reporter: [[process.env.CI ? 'line' : 'list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The store's service worker is blocked but in the e2e/offline-*.spec.ts files: page.route,
    // with which the other specs alter API replies, does not see what a service worker fetches.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Every test runs at a phone's width. A test whose outcome depends on the width (layout, the header's
  // bars and menus, the drawer, overflow, touch against a mouse, what a page shows at a breakpoint) is
  // tagged @widths and runs at a desktop's width too; @phone-only keeps a phone state (the drawer open)
  // out of the desktop run inside a @widths group. A test that sets its own viewport needs no tag.
  // The postgres project runs the staff specs once more, at a phone's width, on PostgreSQL, but for
  // the tests tagged @one-database: a page's drawing, print layout or refusal that no database
  // changes, whose database side the API tests hold on both.
  projects: [
    { name: 'phone', use: phone },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, grep: /@widths/, grepInvert: /@phone-only/ },
    // Not the staff pages' shape and serving (staff-layout, staff-serving): no database is in them.
    ...(postgres
      ? [{ name: 'postgres', testMatch: /\/staff-[^/]*\.spec\.ts$/, testIgnore: /\/staff-(layout|serving)\.spec\.ts$/, grepInvert: /@one-database/, use: { ...phone, baseURL: `http://127.0.0.1:${postgresPort}` }, metadata: { store: 'postgres' } }]
      : []),
  ],
  // Started one after the other: the second store's build does not compete with the first's.
  webServer: [...(wanted('pglite') ? [store('pglite', port)] : []), ...(postgres && wanted('postgres') ? [store('postgres', postgresPort)] : [])],
});
