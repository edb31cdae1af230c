/**
 * Starts the checkout's order summary island over its element: run from its
 * `<template data-later>` (SummaryLater.astro) by start-summary.ts. It hydrates what is there: the
 * summary as the page drew it (features/cart/drawn.ts, the island's first render) or, when the
 * page could not draw it, the build's static HTML.
 */
import { hydrateIslands } from '#components/islands/hydrate.ts';
import { drawnCart } from '#features/cart/drawn.ts';
import CheckoutOrderSummary from './CheckoutOrderSummary.tsx';
import { SUMMARY_ISLAND } from './summary-island.ts';

const drawn = drawnCart();
hydrateIslands(SUMMARY_ISLAND, () => <CheckoutOrderSummary drawn={drawn} />);
