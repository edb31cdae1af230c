/**
 * Starts an order page's island (OrderSuccessPage or OrderStatusPage, by its element's
 * `data-order-page`) in place of what the page's script drew: run from the page's
 * `<template data-later="island-order-…">` (OrderLater.astro) by start-page.ts, only for the
 * states that are the island's own. Rendered in the browser only (the id is in the address).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import OrderStatusPage from './OrderStatusPage.tsx';
import OrderSuccessPage from './OrderSuccessPage.tsx';

const el = document.querySelector<HTMLElement>('[data-order-page]:not([data-hydrated])');
if (el) {
  el.setAttribute('data-hydrated', '');
  createRoot(el).render(createElement(el.dataset.orderPage === 'success' ? OrderSuccessPage : OrderStatusPage));
}
