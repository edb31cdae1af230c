/**
 * Once the form's island has mounted, fills the fields still empty with what GET /api/users/me
 * says of a signed-in shopper (the stored details were put in before the first paint by
 * CheckoutPrefill.astro). What the shopper typed is never overwritten. A stale token ends the
 * session here as on any page anyone may see (features/session/api.ts): the checkout goes on as a
 * guest's, with what the fields hold, and the order is placed as a guest's.
 */
import { useEffect, type RefObject } from 'react';
import { $token } from '#features/session/store.ts';
import { currentAccount } from '#features/account/api.ts';
import type { CheckoutField } from '#lib/schemas/orders-rules.ts';
import type { CheckoutForm } from './rules.ts';

function fill(form: HTMLFormElement | null, values: Partial<CheckoutForm>): void {
  if (!form) return;
  for (const [name, value] of Object.entries(values) as [CheckoutField, string | undefined][]) {
    const input = form.elements.namedItem(name);
    if (value && input instanceof HTMLInputElement && !input.value.trim()) input.value = value;
  }
}

export function usePrefill(form: RefObject<HTMLFormElement | null>, mounted: boolean): void {
  useEffect(() => {
    if (!mounted || !$token.get()?.trim()) return;
    let live = true;
    void currentAccount().then((result) => {
      if (live && result.ok) fill(form.current, { 'guestInfo.name': result.account.name, 'guestInfo.email': result.account.email, contactNumber: result.account.phone, 'shippingAddress.address': result.account.address });
    });
    return () => {
      live = false;
    };
  }, [mounted]);
}
