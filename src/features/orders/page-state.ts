/** What an order page shows, as a state: loading, the order found, not found, or a load that failed. */
import { $token } from '#features/session/store.ts';
import { trackOrder, type Tracked, type TrackOutcome } from './api.ts';

export type TrackedState = { status: 'loading' } | { status: 'found'; tracked: Tracked } | { status: 'not-found' | 'failed'; message: string };

/** A load's outcome as a page's state. */
export function stateOf(outcome: TrackOutcome): TrackedState {
  return outcome.ok ? { status: 'found', tracked: outcome.tracked } : { status: outcome.notFound ? 'not-found' : 'failed', message: outcome.message };
}

/**
 * The order of `idOrNumber` as a page's state, asked for with the shopper's token when signed in
 * (api.ts: a 401 asks again without it and never signs the shopper out here). Must not throw.
 */
export async function loadOrderState(idOrNumber: string): Promise<TrackedState> {
  return stateOf(await trackOrder(idOrNumber, $token.get()?.trim()));
}
