/**
 * The search page's own script: it draws the first results from the early reply (early-results.ts)
 * and starts the island (SearchPage, through its `<template data-later="island-search">`) only
 * when it is needed: at the shopper's first interaction with the page's view (pointer, touch,
 * focus, a key), or at once when there are no early results to show (no term, nothing found, an
 * error: those panels are the island's). So a shopper who opens a search and reads it downloads
 * and runs no React; the island, once started, takes the view over without a flash
 * (SearchPage.tsx: the drawn cards adopted, the controls' values, focus and a typed term kept).
 */
import { runLater } from '#components/later.ts';
import { onInteract } from '#lib/directives/interact.ts';
import { drawEarlyResults } from './early-results.ts';
import { SEARCH_PICKED_ATTRIBUTE, SEARCH_SHELL_ATTRIBUTE } from './shell.ts';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  runLater('island-search');
};

const shell = document.querySelector<HTMLElement>(`[${SEARCH_SHELL_ATTRIBUTE}]`);
if (shell) {
  onInteract(shell, '', start);
  // A choice made in the shell before the island took over starts it too (a value can change with
  // no pointer or focus first: autofill, assistive technology, a script), and is marked so the
  // island applies it at once rather than waiting for the select to be left (SearchPage.tsx).
  shell.addEventListener('change', (e) => {
    (e.target as Element).setAttribute(SEARCH_PICKED_ATTRIBUTE, '');
    start();
  });
}
void drawEarlyResults().then((drawn) => drawn || start());
