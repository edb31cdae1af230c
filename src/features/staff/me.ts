/**
 * Who is signed in to the staff pages: `GET /api/staff/me`, asked once per page, kept in `$staffMe`.
 * The pages never read the session cookie (it is HttpOnly); what a member may do is the one
 * permission table's (lib/staff-permissions.ts), through `can`.
 */
import { atom } from 'nanostores';
import { useEffect, useSyncExternalStore } from 'react';
import type { StaffMember, StaffRole } from '#lib/schemas/staff.ts';
import { allows, type Permission } from '#lib/staff-permissions.ts';
import { staffFetch, StaffApiError } from './api.ts';

interface MeReply {
  data: { member: StaffMember; needsTotpSetup: boolean };
}

export type StaffMe =
  | { state: 'loading' }
  | { state: 'in'; member: StaffMember; needsTotpSetup: boolean }
  /** No staff session (or a sign-in still owing its code). */
  | { state: 'out' }
  | { state: 'failed'; message: string };

const LOADING: StaffMe = { state: 'loading' };
export const $staffMe = atom<StaffMe>(LOADING);

let asked: Promise<StaffMe> | undefined;

/** Asks `GET /me` the first time only; never leaves the page and never throws. */
export function loadStaffMe(): Promise<StaffMe> {
  asked ??= staffFetch<MeReply>('/me', { stay: true }).then(
    (reply): StaffMe => ({ state: 'in', member: reply.data.member, needsTotpSetup: reply.data.needsTotpSetup }),
    (error: unknown): StaffMe =>
      error instanceof StaffApiError && error.status === 401 ? { state: 'out' } : { state: 'failed', message: error instanceof Error ? error.message : String(error) },
  ).then((me) => {
    $staffMe.set(me);
    return me;
  });
  return asked;
}

/** After signing in or out on this page: the next look asks again. */
export function forgetStaffMe(): void {
  asked = undefined;
  $staffMe.set({ state: 'loading' });
}

/** True when the role may do what the permission names (deny by default). */
export function can(role: StaffRole | undefined, permission: Permission): boolean {
  return role !== undefined && allows(role, permission);
}

/**
 * The signed-in member in an island: asks once per page, re-renders when the answer comes. While an
 * island hydrates it reads 'loading', as the built page drew it: another island (the bar) may have
 * the answer already, and drawing it during hydration would not match the page's HTML.
 */
export function useStaffMe(): StaffMe {
  const me = useSyncExternalStore((changed) => $staffMe.listen(changed), () => $staffMe.get(), () => LOADING);
  useEffect(() => {
    void loadStaffMe();
  }, []);
  return me;
}
