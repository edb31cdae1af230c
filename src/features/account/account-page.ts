/**
 * The account page's own script, no React: it starts the page's loads (view.ts) and draws each
 * part as its data comes (account-html.ts's accountParts: the markup the island renders), the
 * stored wishlist at once and again when it changes (another tab, the sync). The island
 * (AccountPage, `client:interact`) starts at the shopper's first interaction with the page's
 * content and renders this very state: from its first render it draws, and this script stops.
 * Every interactive part the shopper can reach before then is a link, or a button the page holds
 * until the island is ready (EarlySubmit: Try Again, the password form's).
 */
import { $wishlist } from '#features/wishlist/store.ts';
import { accountParts, thumbFailed, type AccountParts } from './account-html.ts';
import { $accountLoad, $ordersLoad, $wishlistShown, islandHasTaken, startLoads } from './view.ts';

const drawn = new Map<string, string>();
const stores = [$accountLoad, $ordersLoad, $wishlist, $wishlistShown];
let stops: (() => void)[] = [];

function draw(): void {
  if (islandHasTaken()) {
    for (const stop of stops) stop();
    return;
  }
  const parts = accountParts({ account: $accountLoad.get(), orders: $ordersLoad.get(), wishlist: $wishlistShown.get() ? $wishlist.get() : undefined });
  for (const [name, html] of Object.entries(parts) as [keyof AccountParts, string][]) {
    const el = document.querySelector(`[data-account-part="${name}"]`);
    if (!el || drawn.get(name) === html) continue;
    el.innerHTML = html;
    drawn.set(name, html);
  }
}

// A product picture that cannot load shows the placeholder, before the island and after it.
document.addEventListener('error', (e) => e.target instanceof HTMLImageElement && e.target.matches('[data-thumb]') && thumbFailed(e.target), true);
startLoads(true);
draw();
stops = stores.map((store) => store.listen(draw));
