/**
 * Starts an order page's island in place of its loading state: run from the page's
 * `<template data-later="island-order-…">` (OrderLater.astro) by start-page.ts, only for a
 * temporary guest order (temp_…), the one state with React of its own: Order Information with
 * Check Again on the confirmation (TempOrderInfo), the notice that goes home on the status page
 * (TempOrderNotice). Rendered in the browser only (the id is in the address).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ORDER_FRAME, type OrderPage } from './order-views-html.ts';
import { orderIdFromPath } from './rules.ts';
import TempOrderInfo from './TempOrderInfo.tsx';
import TempOrderNotice from './TempOrderNotice.tsx';

const el = document.querySelector<HTMLElement>('[data-order-page]:not([data-hydrated])');
if (el) {
  el.setAttribute('data-hydrated', '');
  const page = el.dataset.orderPage as OrderPage;
  const id = orderIdFromPath(location.pathname, page);
  const view = page === 'success' ? createElement(TempOrderInfo, { id }) : createElement(TempOrderNotice);
  createRoot(el).render(createElement('div', { className: ORDER_FRAME }, view));
}
