/**
 * Fills the checkout form once the island has mounted, only in fields still empty (what the
 * shopper typed before hydration is kept): a placement sent before a reload first (so the same
 * key is used again), else the signed-in shopper's stored details (`userName`, `userEmail`,
 * `userPhone`, `userAddress`), then what GET /api/users/me adds. A stale token is no reason to
 * leave the checkout: the account call's 401 is ignored here.
 */
import { useEffect, type RefObject } from 'react';
import { $token, $userName } from '#features/session/store.ts';
import { $userAddress, $userEmail, $userPhone } from '#features/session/user.ts';
import { currentAccount } from '#features/account/api.ts';
import type { CheckoutField } from '#lib/schemas/orders.ts';
import { readAttempt } from './attempt.ts';
import { formOfBody, type CheckoutForm } from './rules.ts';

function fill(form: HTMLFormElement | null, values: Partial<CheckoutForm>): void {
  if (!form) return;
  for (const [name, value] of Object.entries(values) as [CheckoutField, string | undefined][]) {
    const input = form.elements.namedItem(name);
    if (value && input instanceof HTMLInputElement && !input.value.trim()) input.value = value;
  }
}

export function usePrefill(form: RefObject<HTMLFormElement | null>, mounted: boolean): void {
  useEffect(() => {
    if (!mounted) return;
    const pending = readAttempt();
    if (pending) fill(form.current, formOfBody(pending.body));
    if (!$token.get()?.trim()) return;
    fill(form.current, { fullName: $userName.get(), email: $userEmail.get(), phone: $userPhone.get(), billingAddress: $userAddress.get() });
    let live = true;
    void currentAccount({ onExpired: () => {} }).then((result) => {
      if (live && result.ok) fill(form.current, { fullName: result.account.name, email: result.account.email, phone: result.account.phone, billingAddress: result.account.address });
    });
    return () => {
      live = false;
    };
  }, [mounted]);
}
