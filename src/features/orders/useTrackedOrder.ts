/**
 * Loads one order for an island: loading, found, not found, or failed (with reload). The first
 * load takes over the request the page's script made already (early-order.ts), if any.
 */
import { useCallback, useEffect, useState } from 'react';
import { loadOrder, stateOf, takeEarly, type TrackedState } from './early-order.ts';

export type { TrackedState };

export function useTrackedOrder(idOrNumber: string, enabled: boolean) {
  const [state, setState] = useState<TrackedState>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    setState(stateOf(await (takeEarly(idOrNumber) ?? loadOrder(idOrNumber))));
  }, [idOrNumber]);
  useEffect(() => {
    if (enabled && idOrNumber) void load();
  }, [enabled, idOrNumber, load]);
  return { state, reload: load };
}
