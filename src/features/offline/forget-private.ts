/**
 * At logout, what the store's caches on this device hold of the shopper goes (rules.ts
 * isPrivateCopy): the private pages an earlier worker kept (the current one never keeps them) and
 * any API reply but the live figures. Runs in the page, so it works whether or not a worker runs.
 * Must not throw: a logout goes on whatever happens here.
 */
import { CACHE_PREFIX, isPrivateCopy } from './rules.ts';

export async function forgetPrivateCopies(): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    const origin = location.origin;
    const names = (await caches.keys()).filter((name) => name.startsWith(`${CACHE_PREFIX}-`));
    await Promise.all(
      names.map(async (name) => {
        const cache = await caches.open(name);
        const mine = (await cache.keys()).filter((request) => isPrivateCopy(request.url, origin));
        await Promise.all(mine.map((request) => cache.delete(request)));
      }),
    );
  } catch {
    // Storage refused or gone: there is nothing this page can remove.
  }
}
