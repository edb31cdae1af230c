/**
 * The staff pages' one way to the staff API (`/api/staff`), over the store's HTTP layer (lib/api.ts)
 * on the page's own origin: the session is an HttpOnly cookie the browser sends by itself, never
 * read by a script.
 *
 * `staffFetch` returns the reply, typed by its caller with the shared schemas' types, or throws a
 * StaffApiError with the status, the message and the field errors. Unless `stay` is set, a 401 sends the browser to
 * the staff sign-in (coming back here after), and the 403 of a member who owes the authenticator
 * set-up sends it to the set-up; the error is thrown all the same.
 *
 * Replies are not parsed again here: the back office is built together with the API it calls,
 * whose replies the API tests hold to the OpenAPI document, and parsing them in the browser would
 * put zod's schema code into the chunk every shopper's page loads (astro.config.mjs). No staff page
 * imports zod at run time (no-zod.test.ts).
 */
import { ApiClient } from '#lib/api.ts';
import { staffPaths } from '#lib/paths.ts';
import { STAFF_ACCESS_TEXT } from '#lib/staff-permissions.ts';

export const STAFF_API = '/api/staff';

export class StaffApiError extends Error {
  readonly status: number;
  /** Per-field messages of a 400, by the request's field names. */
  readonly errors: Record<string, string>;
  /** The browser is on its way to the sign-in or the set-up: nothing more to show. */
  readonly leaving: boolean;
  /** The refusal's whole reply (a conflict's `current`, the grid's `rows`, a refused import's `report`). */
  readonly reply: unknown;
  constructor(status: number, message: string, errors: Record<string, string> = {}, leaving = false, reply: unknown = undefined) {
    super(message);
    this.name = 'StaffApiError';
    this.status = status;
    this.errors = errors;
    this.leaving = leaving;
    this.reply = reply;
  }
}

export interface StaffRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a Blob sent as it is (a catalogue file). */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** How long to wait for the answer (a large file takes longer than the usual 10 s). */
  timeoutMs?: number;
  /** Do not leave the page on a 401 or an owed set-up (the sign-in and set-up pages themselves). */
  stay?: boolean;
}

const client = new ApiClient('');

/** Where a refusal sends the browser, if anywhere. */
export function leaveFor(status: number, message: string, here: string): string | null {
  if (status === 401) return staffPaths.signIn(here);
  if (status === 403 && message === STAFF_ACCESS_TEXT.totpFirst) return staffPaths.setup();
  return null;
}

/** The whole reply (`{ success, ... }`) as `T` says the route answers. */
export async function staffFetch<T = Record<string, unknown>>(path: string, req: StaffRequest = {}): Promise<T> {
  const result = await client.request(`${STAFF_API}${path}`, { method: req.method, body: req.body, query: req.query, timeoutMs: req.timeoutMs, keepReply: true });
  if (!result.ok) {
    const { status = 0, message, fields, reply } = result.error;
    const to = req.stay ? null : leaveFor(status, message, location.pathname + location.search + location.hash);
    if (to) location.assign(to);
    throw new StaffApiError(status, message, fields, Boolean(to), reply);
  }
  return result.data as T;
}

/** What a page shows for a failed call: the error's own words, or a general line for anything else. */
export function failureMessage(error: unknown): string {
  return error instanceof StaffApiError ? error.message : 'Something went wrong. Please try again.';
}

/** A staff call's outcome: the reply's `data` (and `message`), or the refusal with its words, field errors and whole reply. */
export type StaffResult<T, R = unknown> =
  | { ok: true; data: T; message: string }
  | { ok: false; status: number; message: string; errors: Record<string, string>; reply?: R };

/** staffFetch for the pages' API modules: the reply's `data` as `T` says, or the refusal; it never throws. */
export async function staffCall<T, R = unknown>(path: string, req: StaffRequest = {}): Promise<StaffResult<T, R>> {
  try {
    const reply = await staffFetch<{ data: T; message?: string }>(path, req);
    return { ok: true, data: reply.data, message: reply.message ?? '' };
  } catch (error) {
    if (error instanceof StaffApiError) return { ok: false, status: error.status, message: error.message, errors: error.errors, reply: error.reply as R | undefined };
    return { ok: false, status: 0, message: failureMessage(error), errors: {} };
  }
}
