/** Loads one order for a page once the island has mounted: loading, found, not found, or failed (with reload). */
import { useCallback, useEffect, useState } from 'react';
import { $token } from '#features/session/store.ts';
import { trackOrder, type Tracked } from './api.ts';

export type TrackedState = { status: 'loading' } | { status: 'found'; tracked: Tracked } | { status: 'not-found' | 'failed'; message: string };

export function useTrackedOrder(idOrNumber: string, enabled: boolean) {
  const [state, setState] = useState<TrackedState>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const result = await trackOrder(idOrNumber, $token.get()?.trim());
    setState(result.ok ? { status: 'found', tracked: result.tracked } : { status: result.notFound ? 'not-found' : 'failed', message: result.message });
  }, [idOrNumber]);
  useEffect(() => {
    if (enabled && idOrNumber) void load();
  }, [enabled, idOrNumber, load]);
  return { state, reload: load };
}
