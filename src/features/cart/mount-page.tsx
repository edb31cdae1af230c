/**
 * Starts the cart page's island (CartPage) over its element: run from
 * `<template data-later="island-cart">` (CartLater.astro) by start-page.ts. It hydrates what is
 * there, the cart as the page drew it (drawn.ts, the island's first render) or, when the page
 * could not draw it, the build's static HTML.
 */
import { hydrateIslands } from '#components/islands/hydrate.ts';
import CartPage from './CartPage.tsx';
import { drawnCart } from './drawn.ts';
import { CART_ISLAND } from './island.ts';

const drawn = drawnCart();
hydrateIslands(CART_ISLAND, () => <CartPage drawn={drawn} />);
