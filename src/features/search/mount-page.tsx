/**
 * Starts the search page's island (SearchPage) in its element, with the props the page wrote in
 * the JSON script before it: run from `<template data-later="island-search">` (SearchLater.astro)
 * by start-page.ts. The island renders in the browser only (the term is in the URL); the shell
 * stands in for it until then.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import SearchPage from './SearchPage.tsx';
import { SEARCH_ISLAND } from './shell.ts';

const el = document.querySelector<HTMLElement>(`[data-island="${SEARCH_ISLAND}"]:not([data-hydrated])`);
const json = el?.previousElementSibling;
if (el && json?.matches(`script[data-island-props="${SEARCH_ISLAND}"]`)) {
  el.setAttribute('data-hydrated', '');
  createRoot(el).render(createElement(SearchPage, JSON.parse(json.textContent ?? '{}')));
}
