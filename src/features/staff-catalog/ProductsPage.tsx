/**
 * /staff/products/: the catalogue's products for editors. A search (id, name or brand), filters by
 * category, stock and sale, pages of 50, the newest change first; the question lives in the
 * address, so a reload or the back button shows the same list. Each row opens the product's form;
 * "New product" opens an empty one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { staffPaths } from '#lib/paths.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { listCategories, listProducts } from './products-api.ts';
import type { CategoryChoice, StaffProductList } from './product-types.ts';
import { ProductsFilters } from './ProductsFilters.tsx';
import { ProductsTable } from './ProductsTable.tsx';
import { filtersFromSearch, listQuery, productsText, searchOf, type ProductFilters } from './products-view.ts';
import { SiteFailureNotice, useSiteFailure } from './SiteFailureNotice.tsx';

export default function ProductsPage() {
  return <StaffGate permission="catalog.edit">{() => <ProductsList />}</StaffGate>;
}

function ProductsList() {
  const failing = useSiteFailure();
  const [filters, setFilters] = useState<ProductFilters>(() => filtersFromSearch(location.search));
  // The filters are drawn once the categories are known, so the category asked for shows chosen.
  const [categories, setCategories] = useState<CategoryChoice[]>();
  const [list, setList] = useState<StaffProductList>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  // Only the newest question's answer is drawn.
  const asked = useRef(0);

  const load = useCallback(async (f: ProductFilters) => {
    const turn = ++asked.current;
    setLoading(true);
    const r = await listProducts(listQuery(f));
    if (turn !== asked.current) return;
    setLoading(false);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError('');
    setList(r.data);
  }, []);

  useEffect(() => {
    void load(filters);
    void listCategories().then((r) => setCategories(r.ok ? r.data : []));
    const back = () => {
      const f = filtersFromSearch(location.search);
      setFilters(f);
      void load(f);
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
    // Once: later questions come from show() and the back button.
  }, [load]);

  function show(f: ProductFilters) {
    setFilters(f);
    history.pushState(null, '', `${location.pathname}${searchOf(f)}`);
    void load(f);
  }

  const page = filters.page ?? 1;
  const pages = list?.pagination?.pages ?? 1;
  const products = list?.products ?? [];
  return (
    <div className="space-y-4">
      <SiteFailureNotice failing={failing} />
      <p>
        <a href={staffPaths.product()} className={`${ui.primary} sm:w-auto sm:px-6`} data-testid="new-product">
          New product
        </a>
      </p>
      {categories && <ProductsFilters key={JSON.stringify(filters)} filters={filters} categories={categories} onShow={(f) => show(f)} />}
      <ErrorMessage message={error} testId="products-error" />
      {list && (
        <p className="text-sm text-stone-600" data-testid="products-total" role="status">
          {productsText(list.pagination?.total ?? 0)}
          {pages > 1 ? ` · page ${page} of ${pages}` : ''}
        </p>
      )}
      {list && products.length === 0 && <p className="text-stone-700">No products match.</p>}
      {products.length > 0 && <ProductsTable products={products} busy={loading} />}
      {pages > 1 && (
        <nav aria-label="Pages of products" className="flex flex-wrap gap-3">
          {page > 1 && (
            <button type="button" className={ui.secondary} onClick={() => show({ ...filters, page: page - 1 })}>
              Previous 50
            </button>
          )}
          {page < pages && (
            <button type="button" className={ui.secondary} onClick={() => show({ ...filters, page: page + 1 })}>
              Next 50
            </button>
          )}
        </nav>
      )}
    </div>
  );
}
