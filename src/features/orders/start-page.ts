/**
 * The order pages' own script (confirmation and status; no React): it reads the id or number from
 * the address, asks the store for the order (page-state.ts) and draws the page's state in place of
 * the loading state the page is built with, in the markup of order-views-html.ts: the order, Order
 * not found, or a load that failed with Try Again (handled here: it shows the loading state and
 * asks again). None of those needs React, so the page loads none, online or offline. The page's
 * island (`<template data-later="island-order-…">`, OrderLater.astro, mount.tsx) is started at
 * once only for a temporary guest order (temp_…), whose buttons and timer are React's. A second
 * visit to an order's confirmation in this session goes to its status page instead.
 */
import { runLater } from '#components/later.ts';
import { ORDER_CANCEL_FRAGMENT, paths } from '#lib/paths.ts';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { $signedIn, $token } from '#features/session/store.ts';
import { cancelOrder } from './api.ts';
import { loadOrderState, type TrackedState } from './page-state.ts';
import { BUY_AGAIN_ATTRIBUTE, BUY_AGAIN_MESSAGE_ID, buyAgainResultHtml, CANCEL_FORM_ATTRIBUTE, CANCEL_MESSAGE_ID, ORDER_RETRY_ATTRIBUTE, orderPageHtml, type OrderPage } from './order-views-html.ts';
import { orderIdFromPath } from './rules.ts';
import { markSuccessViewed } from './visits.ts';

function startPage(island: HTMLElement, frame: Element): void {
  const page = island.dataset.orderPage as OrderPage;
  const id = orderIdFromPath(location.pathname, page);
  const cancelOpen = location.hash === `#${ORDER_CANCEL_FRAGMENT}`;
  let shown: TrackedState = { status: 'loading' };
  const draw = (state: TrackedState, notice?: string) => {
    shown = state;
    frame.innerHTML = orderPageHtml(page, id, state, $signedIn.get(), { notice, cancelOpen });
  };
  let arrived = false;
  const load = async () => {
    draw(await loadOrderState(id));
    // The part the address names (#buy-again, #cancel-order) exists only now: scroll to it once.
    if (!arrived && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    arrived = true;
  };
  if (!id) return void draw({ status: 'not-found', message: '' });
  if (isTemporaryOrderId(id)) return runLater(`island-${island.dataset.island}`);
  if (page === 'success' && markSuccessViewed(id)) return location.replace(paths.orderStatus(id));
  frame.addEventListener('click', (e) => {
    const again = (e.target as Element).closest<HTMLButtonElement>(`[${BUY_AGAIN_ATTRIBUTE}]`);
    if (again && shown.status === 'found' && shown.tracked.kind === 'order') {
      // The cart's code loads only when the shopper asks: the page draws without it.
      const lines = shown.tracked.order.items;
      const say = frame.querySelector(`#${BUY_AGAIN_MESSAGE_ID}`)!;
      again.disabled = true;
      void import('./buy-again.ts').then(async ({ buyAgain, buyAgainSummary }) => {
        const outcome = await buyAgain(lines);
        say.innerHTML = buyAgainResultHtml(buyAgainSummary(outcome), outcome.notes);
        again.disabled = false;
      }).catch(() => {
        say.textContent = 'We could not add the items just now. Please check your connection and try again.';
        again.disabled = false;
      });
      return;
    }
    if (!(e.target as Element).closest(`[${ORDER_RETRY_ATTRIBUTE}]`)) return;
    draw({ status: 'loading' });
    void load();
  });
  // Cancel: the store's words on refusal, kept beside the form (what was typed stays); the order as
  // it now stands, with the store's confirmation, on success.
  frame.addEventListener('submit', (e) => {
    const form = (e.target as Element).closest<HTMLFormElement>(`[${CANCEL_FORM_ATTRIBUTE}]`);
    if (!form) return;
    e.preventDefault();
    const button = form.querySelector('button');
    const say = form.querySelector(`#${CANCEL_MESSAGE_ID}`)!;
    const phone = form.querySelector<HTMLInputElement>('input[name=phone]');
    if (phone && !phone.value.trim()) return void (say.textContent = 'Please enter the phone number this order was placed with.');
    button?.setAttribute('disabled', '');
    say.textContent = '';
    void cancelOrder(id, phone?.value, $token.get()?.trim()).then((outcome) => {
      if (outcome.ok) return draw({ status: 'found', tracked: { kind: 'order', order: outcome.order } }, outcome.message);
      button?.removeAttribute('disabled');
      say.textContent = outcome.message;
    });
  });
  void load();
}

const island = document.querySelector<HTMLElement>('[data-order-page]');
if (island?.firstElementChild) startPage(island, island.firstElementChild);
