/**
 * The staff pages' one way to the staff API (`/api/staff`), over the store's HTTP layer (lib/api.ts)
 * on the page's own origin: the session is an HttpOnly cookie the browser sends by itself, never
 * read by a script.
 *
 * `staffFetch` returns the reply (parsed with `schema` when given) or throws a StaffApiError with
 * the status, the message and the field errors. Unless `stay` is set, a 401 sends the browser to
 * the staff sign-in (coming back here after), and the 403 of a member who owes the authenticator
 * set-up sends it to the set-up; the error is thrown all the same.
 */
import type * as z from 'zod/mini';
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
  constructor(status: number, message: string, errors: Record<string, string> = {}, leaving = false) {
    super(message);
    this.name = 'StaffApiError';
    this.status = status;
    this.errors = errors;
    this.leaving = leaving;
  }
}

export interface StaffRequest<S extends z.ZodMiniType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Parses the whole reply (`{ success, ... }`); a reply that does not fit is an error. */
  schema?: S;
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

export async function staffFetch<S extends z.ZodMiniType | undefined = undefined>(
  path: string,
  req: StaffRequest<S> = {},
): Promise<S extends z.ZodMiniType ? z.infer<S> : Record<string, unknown>> {
  const result = await client.request(`${STAFF_API}${path}`, { method: req.method, body: req.body, query: req.query });
  if (!result.ok) {
    const { status = 0, message, fields } = result.error;
    const to = req.stay ? null : leaveFor(status, message, location.pathname + location.search + location.hash);
    if (to) location.assign(to);
    throw new StaffApiError(status, message, fields, Boolean(to));
  }
  if (!req.schema) return result.data as never;
  const parsed = req.schema.safeParse(result.data);
  if (!parsed.success) throw new StaffApiError(0, 'The store sent an answer this page does not understand. Please reload the page.');
  return parsed.data as never;
}

/** What a page shows for a failed call: the error's own words, or a general line for anything else. */
export function failureMessage(error: unknown): string {
  return error instanceof StaffApiError ? error.message : 'Something went wrong. Please try again.';
}
