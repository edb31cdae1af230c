/** Hydrates a category page's controls (CategoryListing.astro's later script, run on first interaction). */
import { hydrateIslands } from '#components/islands/hydrate.ts';
import CategoryBrowser from './CategoryBrowser.tsx';

hydrateIslands('category-controls', CategoryBrowser);
