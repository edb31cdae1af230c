/** Hydrates the product page's reviews (ReviewsIsland.astro's later script, run on first interaction). */
import { hydrateIslands } from '#components/islands/hydrate.ts';
import ReviewsSection from './ReviewsSection.tsx';

hydrateIslands('reviews', ReviewsSection);
