/**
 * Starts reading the catalogue (and making the search index from it) as `astro build` starts,
 * while Vite bundles the pages: the pages' getStaticPaths then find it read. At 10,000 products the
 * API takes about a second to answer a store just started (its catalogue cache is empty), and the
 * build used to wait for it with nothing else to do. The pages' bundle shares the read through
 * loadCatalogue; a read that fails fails the build there, naming the API, as before.
 */
import type { AstroIntegration } from 'astro';
import { builtSearchIndex } from '#features/search/build-index.ts';

export function earlyCatalogue(): AstroIntegration {
  return {
    name: 'kiryana-early-catalogue',
    hooks: {
      'astro:build:start': () => {
        // The index is made from the catalogue, so this reads both. Not awaited: a failure is
        // reported where the pages await the same promises.
        builtSearchIndex().catch(() => {});
      },
    },
  };
}
