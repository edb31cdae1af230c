/** The requests a page makes as the specs watch them: the API calls recorded, a request held back. */
import type { Page, Request } from '@playwright/test';

/** Records the API calls a page makes (method and path). */
export function recordCalls(page: Page) {
  const calls: string[] = [];
  const listen = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  };
  page.on('request', listen);
  return calls;
}

/**
 * Holds the first request to `path` (a glob after the origin, or a RegExp of the URL) until `release()`
 * is called, to see a waiting state without timing; with `every`, each request to it until then.
 * A held request whose page has gone meanwhile has nothing to continue.
 */
export async function holdRequest(page: Page, path: string | RegExp, { every = false } = {}): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(
    typeof path === 'string' ? `**${path}` : path,
    async (route) => {
      await released;
      await route.continue().catch(() => {});
    },
    every ? {} : { times: 1 },
  );
  return release;
}
