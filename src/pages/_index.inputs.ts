/** The home page (`index.astro`): the categories with their product counts, and its three rows of products. */
import { singlePage } from '#features/catalog/page-inputs.ts';
import { homeRows } from '#features/catalog/home-rows.ts';
import { paths } from '#lib/paths.ts';

export default singlePage(paths.home(), (catalogue) => ({ categories: catalogue.categories, ...homeRows(catalogue.products) }));
