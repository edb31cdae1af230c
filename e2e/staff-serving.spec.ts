/**
 * How the staff pages are served: never stored (no-store), never indexed (X-Robots-Tag and the
 * robots meta), never a Referer; robots.txt disallows them and no sitemap lists them; the store's
 * service worker, running the shop, neither answers a staff page nor keeps one (offline, a staff
 * page is the browser's own error, not the shop's offline copy), and lets the staff API through.
 */
import { test, expect } from './fixtures.ts';
import { underWorker } from './offline.ts';

const STAFF_PAGES = ['/staff/', '/staff/setup/', '/staff/accept/', '/staff/members/', '/staff/audit/'];

test('staff pages: no-store, noindex, no Referer; out of robots.txt and the sitemaps', async ({ request }) => {
  for (const path of STAFF_PAGES) {
    const reply = await request.get(path);
    expect(reply.status(), path).toBe(200);
    expect(reply.headers()['cache-control'], path).toBe('no-store');
    expect(reply.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
    expect(reply.headers()['referrer-policy'], path).toBe('no-referrer');
    expect(await reply.text(), path).toContain('<meta name="robots" content="noindex, nofollow">');
  }
  expect((await request.get('/api/staff/me')).headers()['cache-control']).toContain('no-store');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /staff/');
  const index = await (await request.get('/sitemap.xml')).text();
  const chunks = [...index.matchAll(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) expect(await (await request.get(chunk)).text(), chunk).not.toContain('/staff');
});

test.describe('the service worker and the staff pages', () => {
  test.use({ serviceWorkers: 'allow' });

  test('never answers nor keeps a staff page, and passes the staff API through', async ({ page, context }) => {
    await page.goto('/');
    await underWorker(page);
    // A shop page comes through the worker; a staff page and the staff API do not.
    expect((await page.goto('/about/'))!.fromServiceWorker()).toBe(true);
    const staffPage = await page.goto('/staff/');
    expect(staffPage!.fromServiceWorker()).toBe(false);
    const me = await page.evaluate(async () => (await fetch('/api/staff/me')).status);
    expect(me).toBe(401);
    expect(await page.evaluate(async () => (await caches.match('/staff/')) === undefined)).toBe(true);
    // Offline, the shop page seen opens from the worker's copy; the staff page does not open at all.
    await context.setOffline(true);
    await expect(page.goto('/about/')).resolves.toBeTruthy();
    await expect(page.goto('/staff/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    await context.setOffline(false);
  });
});
