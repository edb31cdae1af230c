/** The error page (`404.astro`): a few popular products (its categories are the menu's). */
import { singlePage } from '#features/catalog/page-inputs.ts';
import { errorPageProducts } from '#features/catalog/home-rows.ts';

export default singlePage('/404', (catalogue) => ({ categories: catalogue.categories, popular: errorPageProducts(catalogue.products) }));
