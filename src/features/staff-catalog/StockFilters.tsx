/**
 * The stock grid's question: a search (id, name or brand), a category and the stock (all, low:
 * 1 to 10 left, out). Drawn from `filters` (the parent re-mounts it with a key when they change).
 */
import type { SubmitEvent } from 'react';
import { Field, SelectField } from '#components/forms/Field.tsx';
import { ui } from '#components/forms/ui.ts';
import type { CategoryChoice } from './product-types.ts';

/** The grid's question, as the products list route takes it. */
export interface ListQuery {
  q?: string;
  category?: string;
  stock?: 'all' | 'low' | 'out';
}

const STOCK_OPTIONS = [
  { value: 'low', name: 'Low stock (10 or fewer)' },
  { value: 'out', name: 'Out of stock' },
];

export function StockFilters({ filters, categories, onShow }: { filters: ListQuery; categories: CategoryChoice[]; onShow: (f: ListQuery) => void }) {
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onShow({ q: text('q'), category: text('category'), stock: text('stock') as ListQuery['stock'] });
  }
  return (
    <form role="search" aria-label="Find products" onSubmit={submit} className="stock-filters" noValidate>
      <Field id="q" label="Find" type="search" defaultValue={filters.q} maxLength={200} placeholder="Id, name or brand" />
      <SelectField id="category" label="Category" placeholder="All categories" options={categories.map((c) => ({ value: c._id, name: c.name }))} defaultValue={filters.category ?? ''} />
      <SelectField id="stock" label="Stock" placeholder="Any stock" options={STOCK_OPTIONS} defaultValue={filters.stock ?? ''} />
      <div>
        <button type="submit" className={ui.primary}>
          Show products
        </button>
      </div>
    </form>
  );
}
