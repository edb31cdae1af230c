/** The product pages (`[id].astro`): each made from its product and its "You might also like". */
import { catalogueRoute } from '#features/catalog/page-inputs.ts';
import { paths } from '#lib/paths.ts';
import type { Product } from '#lib/schemas/catalog.ts';

export type ProductPageProps = {
  product: Product;
  related: Product[];
};

export default catalogueRoute<ProductPageProps>((catalogue, scope) =>
  catalogue.products
    .filter((product) => !scope?.products || scope.products.has(product._id))
    .map((product) => ({ path: paths.product(product._id), params: { id: product._id }, props: { product, related: catalogue.related(product) } })),
);
