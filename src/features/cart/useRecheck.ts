/**
 * Re-checks the cart's products against the catalogue's live figures (src/lib/live-products.ts: all lines in
 * one request) once the island has mounted, and again for any product that joins later (another
 * tab, a card). Prices that changed are taken into the stored lines together with the notice that
 * says so (recheck.ts has the rules). When the page drew the cart before React (drawn.ts), the
 * island starts from that re-check: what it found is kept, and a request still out is taken over
 * rather than asked again.
 */
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '#lib/schemas/cart.ts';
import { liveProducts } from '#lib/live-products.ts';
import { priceNoticesOf, type CheckResult, type LineNotice } from './recheck.ts';
import { applyRecheck } from './reprice.ts';
import { $cart } from './store.ts';
import type { DrawnCart } from './drawn.ts';
import { recheckFailed, type RecheckState } from './view-state.ts';

export interface Recheck extends RecheckState {
  /** Some product could not be checked (API down): the page says so quietly. */
  failed: boolean;
}

export function useRecheck(lines: readonly CartLine[], enabled: boolean, fail: (error: unknown) => void, drawn?: DrawnCart): Recheck {
  const [results, setResults] = useState<ReadonlyMap<string, CheckResult>>(() => drawn?.recheck.results ?? new Map());
  const [priceNotices, setPriceNotices] = useState<ReadonlyMap<string, LineNotice>>(() => drawn?.recheck.priceNotices ?? new Map());
  const [inFlight, setInFlight] = useState(drawn?.pending ? 1 : 0);
  const asked = useRef(new Set<string>(drawn?.asked));
  const ids = lines.map((l) => l.productId).join('\n');

  /** Takes a reply in: its price notices, its answers, the lines repriced. The request is already counted in flight. */
  const take = (reply: Promise<Map<string, CheckResult>>) =>
    void reply.then((found) => {
      const notices = priceNoticesOf($cart.get(), found);
      setPriceNotices((prev) => new Map([...prev, ...notices]));
      setResults((prev) => new Map([...prev, ...found]));
      setInFlight((n) => n - 1);
      try {
        applyRecheck(found);
      } catch (error) {
        fail(error);
      }
    });

  useEffect(() => {
    if (enabled && drawn?.pending) take(drawn.pending);
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !ids) return;
    const fresh = ids.split('\n').filter((id) => !asked.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) asked.current.add(id);
    setInFlight((n) => n + 1);
    take(liveProducts(fresh));
  }, [ids, enabled]);

  return { results, priceNotices, checking: inFlight > 0, failed: recheckFailed(results) };
}
