/**
 * The products list's question: search words (an id, a name or a brand), a category, the stock and
 * on or off sale. Drawn from `filters` (the parent re-mounts it with a key when they change).
 */
import type { SubmitEvent } from 'react';
import { Field, SelectField } from '#components/forms/Field.tsx';
import { ui } from '#components/forms/ui.ts';
import type { CategoryChoice } from './product-types.ts';
import { SALE_FILTERS, STOCK_FILTERS, type ProductFilters } from './products-view.ts';

export function ProductsFilters({ filters, categories, onShow }: { filters: ProductFilters; categories: readonly CategoryChoice[]; onShow: (f: ProductFilters) => void }) {
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onShow({ q: text('q'), category: text('category'), stock: text('stock') as ProductFilters['stock'], sale: text('sale') as ProductFilters['sale'] });
  }
  return (
    <form role="search" aria-label="Find products" onSubmit={submit} className="staff-filters staff-product-filters" noValidate>
      <Field id="q" label="Find" type="search" defaultValue={filters.q} maxLength={200} placeholder="Id, name or brand" className="staff-filters-find" />
      <SelectField id="category" label="Category" placeholder="All categories" options={categories.map((c) => ({ value: c._id, name: c.name }))} defaultValue={filters.category ?? ''} />
      <SelectField id="stock" label="Stock" placeholder="All stock" options={STOCK_FILTERS} defaultValue={filters.stock ?? ''} />
      <SelectField id="sale" label="Sale" placeholder="On and off sale" options={SALE_FILTERS} defaultValue={filters.sale ?? ''} />
      <div className="staff-filters-go">
        <button type="submit" className={ui.primary}>
          Show products
        </button>
      </div>
    </form>
  );
}
