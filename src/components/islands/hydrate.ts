/**
 * The browser's side of the hand-hydrated islands (Island.astro): hydrates every island of `name`
 * on the page with `component` and the props its JSON script holds. Run by the island's own
 * later script (wake.ts runs it), once a page; an island already hydrated is left alone.
 */
import { createElement, startTransition, type FunctionComponent } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIslands<P extends object>(name: string, component: FunctionComponent<P>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-hydrated])`)) {
    const json = el.previousElementSibling;
    if (!json?.matches(`script[data-island-props="${name}"]`)) continue;
    el.setAttribute('data-hydrated', '');
    const element = createElement(component, JSON.parse(json.textContent ?? '{}') as P);
    // As Astro's own React islands: hydration yields to the shopper's input.
    startTransition(() => void hydrateRoot(el, element));
  }
}
