/**
 * Runs a script kept in `<template data-later="name">` (BaseLayout): built as a script of its own,
 * so loading it later costs no dynamic import() (which would bring Vite's preload helper, ~0.9 KB
 * gz, to every page). A module script runs once however often it is added.
 */
export function runLater(name: string): void {
  const later = document.querySelector<HTMLTemplateElement>(`template[data-later=${name}]`)?.content.querySelector('script');
  if (!later) return;
  const script = document.createElement('script');
  script.type = 'module';
  if (later.src) script.src = later.src;
  else script.textContent = later.textContent;
  document.head.append(script);
}
