/** The pages after the first of each category's listing (`[page].astro`). */
import { catalogueRoute } from '#features/catalog/page-inputs.ts';
import { pagesOfCategory, type CategoryPageProps } from '#features/catalog/category-pages.ts';
import { paths } from '#lib/paths.ts';

export default catalogueRoute<CategoryPageProps>((catalogue, scope) =>
  catalogue.categories
    .filter((category) => !scope?.categories || scope.categories.has(category._id))
    .flatMap((category) => pagesOfCategory(catalogue, category).filter((props) => props.page > 1))
    .map((props) => ({ path: paths.categoryPage(props.category._id, props.page), params: { category: props.category._id, page: String(props.page) }, props })),
);
