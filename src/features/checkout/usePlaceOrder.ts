/**
 * Placing the order from the checkout form: check the form (no call while a field is wrong; focus
 * goes to the first), build the body, keep the attempt's Idempotency-Key, send (retried with the
 * same key on a server error), then act on the outcome: go to the order, show the 409's lines,
 * show the failure, or the guest fallback after a lasting server error (fallback.ts). Offline, nothing is sent and the
 * page says so (OFFLINE_MESSAGES). One submit at a time.
 */
import { useEffect, useState, type RefObject, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { CHECKOUT_FIELDS, type CheckoutField } from '#lib/schemas/orders-rules.ts';
import { $cart } from '#features/cart/store.ts';
import { clearCart } from '#features/cart/actions.ts';
import { checkoutBlock } from '#features/cart/recheck.ts';
import { $signedIn } from '#features/session/store.ts';
import { showToast } from '#features/toasts/actions.ts';
import { saveGuestOrder } from '#features/orders/visits.ts';
import { placeOrder, placeWithRetries } from '#features/orders/place.ts';
import { attemptFor, forgetAttempt, keepAttempt, newIdempotencyKey, readAttempt, type Attempt } from './attempt.ts';
import { confirmSignedIn, FALLBACK_MESSAGES, guestFallback } from './fallback.ts';
import { applyConflicts } from './conflicts.ts';
import { rememberAddress, saveChoice } from './remember-address.ts';
import { $lineChecks, $placed } from './store.ts';
import { fieldErrorsFromServer, placementBody, validateCheckout, type CheckoutForm, type FieldErrors } from './rules.ts';

/**
 * Placing an order needs the store's answer. Without a connection nothing is sent; a connection lost
 * while the order was out leaves it unconfirmed, never shown as placed. The form keeps what was
 * typed, and the attempt keeps its Idempotency-Key, so pressing Place Order again online cannot make
 * a second order.
 */
export const OFFLINE_MESSAGES = {
  notSent: 'You are offline, so your order was not placed. Everything you typed is kept: connect to the internet, then press Place Order again.',
  lost: 'The connection was lost before the store answered, so your order is not confirmed. Everything you typed is kept: once you are back online, press Place Order again (it will not be placed twice).',
  backOnline: 'You are back online. Everything you typed is kept: press Place Order to place your order.',
} as const;

const OFFLINE_ERRORS: readonly string[] = [OFFLINE_MESSAGES.notSent, OFFLINE_MESSAGES.lost];

export interface Messages {
  /** role=alert: what stops the order. */
  error?: string;
  /** Fields' messages, listed in the alert too. */
  list?: string[];
  /** role=status: what is happening. */
  notice?: string;
}

function readForm(form: HTMLFormElement): CheckoutForm {
  const data = new FormData(form);
  const out = {} as CheckoutForm;
  for (const field of Object.keys(CHECKOUT_FIELDS) as CheckoutField[]) out[field] = String(data.get(field) ?? '');
  return out;
}

export function usePlaceOrder(formRef: RefObject<HTMLFormElement | null>) {
  const [busy, setBusy] = useState(false);
  const [placed, setPlacedState] = useState(false);
  const setPlaced = (value: boolean) => {
    setPlacedState(value);
    $placed.set(value);
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [messages, setMessages] = useState<Messages>({});
  // An error that only said the browser was offline is stale once it is back online: it gives way
  // to a note that the order can be placed now (an error about the order itself stays).
  useEffect(() => {
    const online = () => setMessages((shown) => (shown.error && OFFLINE_ERRORS.includes(shown.error) ? { notice: OFFLINE_MESSAGES.backOnline } : shown));
    addEventListener('online', online);
    return () => removeEventListener('online', online);
  }, []);

  /** The order exists: its address remembered, cart and form cleared, then its page (or home when no id came back). */
  async function done(attempt: Attempt, orderId: string | undefined, orderNumber = '', saveAs?: string) {
    setPlaced(true);
    await rememberAddress(attempt.body, attempt.signedIn, saveAs);
    clearCart();
    formRef.current?.reset();
    forgetAttempt();
    if (orderId && !attempt.signedIn)
      saveGuestOrder({ orderId, orderNumber, timestamp: Date.now(), guestEmail: attempt.body.guestInfo?.email ?? '', isTemporary: false });
    location.assign(orderId ? paths.orderSuccess(orderId) : paths.home());
  }

  function stop(error: string, list?: string[]) {
    setBusy(false);
    setMessages({ error, list });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = formRef.current;
    if (busy || placed || !form) return;
    const values = readForm(form);
    const saveAs = saveChoice(form);
    const { errors: found, first } = validateCheckout(values);
    setErrors(found);
    if (first) {
      setMessages({ error: 'Please correct the following:', list: Object.values(found) as string[] });
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    if (!navigator.onLine) return setMessages({ error: OFFLINE_MESSAGES.notSent });
    const block = checkoutBlock($lineChecks.get());
    if (block) return setMessages({ error: block });
    const lines = $cart.get();
    const placement = placementBody(values, lines);
    if (!placement.ok) return setMessages({ error: placement.message });

    let attempt = attemptFor(placement.body, $signedIn.get(), readAttempt(), newIdempotencyKey);
    keepAttempt(attempt);
    setBusy(true);
    setMessages({});
    const send = (sent: Attempt) => placeWithRetries(() => placeOrder(sent.body, sent.key, { signedIn: sent.signedIn }));
    let outcome = await send(attempt);
    // A session that lapsed unseen (a 401) has just ended: the shopper is a guest now, and the
    // order they asked for goes as a guest's, with what the form holds (a key of its own).
    if (!outcome.ok && outcome.kind === 'rejected' && outcome.status === 401 && attempt.signedIn) {
      attempt = attemptFor(placement.body, false, undefined, newIdempotencyKey);
      keepAttempt(attempt);
      outcome = await send(attempt);
    }
    if (outcome.ok) return done(attempt, outcome.orderId, outcome.orderNumber, saveAs);
    if (outcome.kind === 'conflict') {
      applyConflicts(outcome.conflicts);
      showToast(outcome.message, 'error');
      return stop('Some items in your order changed since you added them. Please check the notes in the order summary, then place your order again.');
    }
    if (outcome.kind === 'rejected') {
      const fields = fieldErrorsFromServer(outcome.fields);
      setErrors(fields);
      showToast(outcome.message, 'error');
      return stop(outcome.message, Object.values(fields) as string[]);
    }
    // No answer at all, and the browser is offline now: the store may never have had the order.
    if (outcome.kind === 'server' && outcome.status === undefined && !navigator.onLine) return stop(OFFLINE_MESSAGES.lost);
    // A server error that outlived the retries: the fallback.
    if (!attempt.signedIn) {
      setPlaced(true);
      setMessages({ notice: guestFallback(attempt, lines) });
      return;
    }
    setMessages({ notice: FALLBACK_MESSAGES.processing });
    const confirmed = await confirmSignedIn(attempt);
    if (confirmed.ok) {
      setMessages({ notice: confirmed.message });
      return setTimeout(() => void done(attempt, confirmed.orderId, '', saveAs), 1000);
    }
    stop(confirmed.message);
  }

  return { busy, placed, errors, messages, submit };
}
