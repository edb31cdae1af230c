/**
 * The order pages' own script (confirmation and status; no React): it reads the id or number from
 * the address, asks the store for the order (early-order.ts) and draws the page's state into it
 * with the same markup the islands render (order-views-html.ts): the order, or Order not found.
 * Those states have nothing but links and a plain form, so they need no React at all. The
 * page's island (`<template data-later="island-order-…">`, OrderLater.astro) is started at once
 * only for the states that are its own: a temporary guest order (temp_…: its buttons, its timer
 * home) and a load that failed (Try Again), which it shows from this script's request, not asking
 * again. A second visit to an order's confirmation in this session goes to its status page.
 */
import { runLater } from '#components/later.ts';
import { paths } from '#lib/paths.ts';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { $signedIn } from '#features/session/store.ts';
import { loadEarly, stateOf } from './early-order.ts';
import { orderPageHtml, type OrderPage } from './order-views-html.ts';
import { orderIdFromPath } from './rules.ts';
import { markSuccessViewed } from './visits.ts';

/** The island's element holds the page's frame, the static page's loading state in it. */
const island = document.querySelector<HTMLElement>('[data-order-page]');
const frame = island?.firstElementChild;

async function drawPage(island: HTMLElement, frame: Element): Promise<void> {
  const page = island.dataset.orderPage as OrderPage;
  const start = () => runLater(`island-${island.dataset.island}`);
  const id = orderIdFromPath(location.pathname, page);
  if (id && isTemporaryOrderId(id)) return start();
  if (id && page === 'success' && markSuccessViewed(id)) return location.replace(paths.orderStatus(id));
  const state = id ? stateOf(await loadEarly(id)) : ({ status: 'not-found', message: '' } as const);
  const html = orderPageHtml(page, id, state, $signedIn.get());
  // Only the loading state is replaced: an island already running owns the page.
  if (html === undefined || island.hasAttribute('data-hydrated')) return start();
  frame.innerHTML = html;
}

if (island && frame) void drawPage(island, frame);
