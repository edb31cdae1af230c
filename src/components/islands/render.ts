/**
 * The build's side of the hand-hydrated islands (Island.astro). React renders with renderToString,
 * not renderToStaticMarkup: hydration needs the markers it leaves between adjacent texts.
 */
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';

export function islandHtml<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToString(createElement(component, props));
}

/**
 * `props` as JSON for a `<script type="application/json">`: every `<` escaped, so no text in it
 * (a review holding `</script>`) can end the script element early; JSON.parse reads it back.
 */
export function islandJson(props: object): string {
  return JSON.stringify(props).replace(/</g, '\\u003c');
}
