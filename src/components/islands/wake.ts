/**
 * Wakes the hand-hydrated islands (Island.astro) of the page: the first interaction with one (or
 * a query parameter it names in `data-wake`, at load) runs its `<template data-later="island-{name}">`
 * script, which hydrates it. Island.astro's script, so only pages with such an island load it; a
 * module, so it runs after the first paint: an island the shopper is in already (focus in one of
 * its fields) wakes at once. runLater comes from the every-page chunk (astro.config.mjs), so this
 * costs one small file.
 */
import { onInteract } from '#lib/directives/interact.ts';
import { runLater } from '#components/later.ts';

export function wakeIslands(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const wake = () => runLater(`island-${el.dataset.island}`);
    if (el.contains(document.activeElement)) wake();
    else onInteract(el, el.dataset.wake ?? '', wake);
  }
}
