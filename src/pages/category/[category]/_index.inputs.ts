/** The first page of each category's listing (`index.astro`), built by the category's id and by its name. */
import { catalogueRoute } from '#features/catalog/page-inputs.ts';
import { pagesOfCategory, type CategoryPageProps } from '#features/catalog/category-pages.ts';
import { paths } from '#lib/paths.ts';

export default catalogueRoute<CategoryPageProps>((catalogue, scope) =>
  catalogue.categories
    .filter((category) => !scope?.categories || scope.categories.has(category._id))
    .flatMap((category) => {
      const [props] = pagesOfCategory(catalogue, category);
      // By id, and by name: category links may carry either.
      return [category._id, category.name].map((idOrName) => ({ path: paths.category(idOrName), params: { category: idOrName }, props }));
    }),
);
