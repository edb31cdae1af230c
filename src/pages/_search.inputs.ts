/** The search page (`search.astro`): the categories of its select. */
import { singlePage } from '#features/catalog/page-inputs.ts';
import { paths } from '#lib/paths.ts';

export default singlePage(paths.searchPage(), (catalogue) => ({ categories: catalogue.categories }));
