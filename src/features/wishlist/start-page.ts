/**
 * The wishlist page's own script: it draws the stored wishlist before React (early.ts) and starts
 * the island (WishlistPage, through its `<template data-later="island-wishlist">`) only when it is
 * needed: at the shopper's first interaction with the wishlist (pointer, touch, focus, a key, a
 * tap), or at once when the page cannot be drawn (or the shopper is in it already). So a shopper
 * who opens the wishlist and reads it downloads and runs no React. A tap on Move to Cart or remove
 * before the island runs is held and replayed by the island once, when it has taken over.
 */
import { runLater } from '#components/later.ts';
import { holdTaps } from '#components/tap-queue.ts';
import { onInteract } from '#lib/directives/interact.ts';
import { drawWishlist, stopDrawing } from './early.ts';
import { MOVE_ATTRIBUTE, REMOVE_ATTRIBUTE, WISHLIST_ISLAND } from './wishlist-html.ts';

const region = document.querySelector<HTMLElement>(`[data-island="${WISHLIST_ISLAND}"]`);
if (region) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    stopDrawing();
    runLater(`island-${WISHLIST_ISLAND}`);
  };
  holdTaps(region, `[${MOVE_ATTRIBUTE}],[${REMOVE_ATTRIBUTE}]`, 'wishlist', start);
  // Focus in the page as built (its Start Shopping link) stays where it is: the island takes that page over.
  if (region.contains(document.activeElement) || !drawWishlist(region)) start();
  else onInteract(region, '', start);
}
