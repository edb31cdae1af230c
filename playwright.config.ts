import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * e2e against the real thing: `npm start` on a fresh embedded database in .cache/e2e,
 * which seeds, builds the site and serves it with the API on E2E_PORT.
 */
const port = Number(process.env.E2E_PORT || 4391);
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
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
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 375, height: 812 } } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, grep: /@widths/, grepInvert: /@phone-only/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    // The home page answers 200 only once the fresh build is in place.
    url: `http://127.0.0.1:${port}/`,
    // The store answers once the site is built (under a minute on 2 cores); artwork is drawn
    // when a page first asks for it. A loaded machine can take a few times longer.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1' },
  },
});
