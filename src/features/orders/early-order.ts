/**
 * The order a page asks for as soon as its own script runs (start-page.ts), before React is even
 * requested, kept here for the island: when the island starts (a failed load, with its Try Again),
 * its first load takes this request's outcome over instead of asking again, so it shows what the
 * page's script saw. One module, so the page's script and the island share it.
 */
import { $token } from '#features/session/store.ts';
import { trackOrder, type Tracked, type TrackOutcome } from './api.ts';

export type TrackedState = { status: 'loading' } | { status: 'found'; tracked: Tracked } | { status: 'not-found' | 'failed'; message: string };

/** A load's outcome as a page's state. */
export function stateOf(outcome: TrackOutcome): TrackedState {
  return outcome.ok ? { status: 'found', tracked: outcome.tracked } : { status: outcome.notFound ? 'not-found' : 'failed', message: outcome.message };
}

/** GET the order with the shopper's token (api.ts: a 401 asks again without it). Must not throw. */
export function loadOrder(idOrNumber: string): Promise<TrackOutcome> {
  return trackOrder(idOrNumber, $token.get()?.trim());
}

let early: { id: string; outcome: Promise<TrackOutcome> } | undefined;

/** Asks for `id`'s order now and keeps the request for the island's first load. */
export function loadEarly(id: string): Promise<TrackOutcome> {
  early = { id, outcome: loadOrder(id) };
  return early.outcome;
}

/** The early request for `id`, once (a reload asks again); undefined when there was none. */
export function takeEarly(id: string): Promise<TrackOutcome> | undefined {
  const taken = early?.id === id ? early.outcome : undefined;
  early = undefined;
  return taken;
}
