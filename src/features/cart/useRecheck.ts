/**
 * Re-checks the cart's products against the catalogue's live figures (src/lib/live-products.ts: all lines in
 * one request) once the island has mounted, and again for any product that joins later (another
 * tab, a card). Prices that changed are taken into the stored lines together with the notice that
 * says so (recheck.ts has the rules).
 */
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '#lib/schemas/cart.ts';
import { liveProducts } from '#lib/live-products.ts';
import { priceChange, type CheckResult, type LineNotice } from './recheck.ts';
import { applyRecheck } from './reprice.ts';
import { $cart } from './store.ts';

export interface Recheck {
  results: ReadonlyMap<string, CheckResult>;
  /** The price change seen for a product, shown beside its line from then on. */
  priceNotices: ReadonlyMap<string, LineNotice>;
  checking: boolean;
  /** Some product could not be checked (API down): the page says so quietly. */
  failed: boolean;
}

export function useRecheck(lines: readonly CartLine[], enabled: boolean, fail: (error: unknown) => void): Recheck {
  const [results, setResults] = useState<ReadonlyMap<string, CheckResult>>(new Map());
  const [priceNotices, setPriceNotices] = useState<ReadonlyMap<string, LineNotice>>(new Map());
  const [inFlight, setInFlight] = useState(0);
  const asked = useRef(new Set<string>());
  const ids = lines.map((l) => l.productId).join('\n');

  useEffect(() => {
    if (!enabled || !ids) return;
    const fresh = ids.split('\n').filter((id) => !asked.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) asked.current.add(id);
    setInFlight((n) => n + 1);
    void liveProducts(fresh).then((found) => {
      const notices = new Map<string, LineNotice>();
      for (const line of $cart.get()) {
        const notice = priceChange(line, found.get(line.productId));
        if (notice) notices.set(line.productId, notice);
      }
      setPriceNotices((prev) => new Map([...prev, ...notices]));
      setResults((prev) => new Map([...prev, ...found]));
      setInFlight((n) => n - 1);
      try {
        applyRecheck(found);
      } catch (error) {
        fail(error);
      }
    });
  }, [ids, enabled]);

  const failed = [...results.values()].some((r) => r.kind === 'failed');
  return { results, priceNotices, checking: inFlight > 0, failed };
}
