/**
 * `client:interact`: hydrate an island the first time a shopper comes near it (pointer over or
 * down, touch, focus, a key), so a page pays nothing for it until then. The value may name query
 * parameters, comma-separated (`client:interact="sort,view"`): when the page's URL carries one of
 * them, the island hydrates at once, so a shared link or back/forward restores its state.
 * Registered in astro.config.mjs; the islands it hydrates must read what the shopper already did
 * to their static markup (a typed term, a chosen option) when they mount.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interact: ClientDirective = (load, opts, el) => {
  const params = typeof opts.value === 'string' ? opts.value.split(',').map((p) => p.trim()).filter(Boolean) : [];
  const query = new URLSearchParams(location.search);
  let done = false;
  const hydrateNow = async () => {
    if (done) return;
    done = true;
    for (const type of EVENTS) el.removeEventListener(type, hydrateNow);
    const hydrate = await load();
    await hydrate();
  };
  if (params.some((p) => query.has(p))) {
    void hydrateNow();
    return;
  }
  for (const type of EVENTS) el.addEventListener(type, hydrateNow, { once: true, passive: true });
};

export default interact;
