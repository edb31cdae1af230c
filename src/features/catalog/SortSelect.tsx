/** The sort select of the category page (the 7 sorts of listing-state.ts) and of the search page (Best Match and those 7). */
import { SEARCH_SORTS, type SearchSortKey } from './listing-state.ts';

interface Props<K extends SearchSortKey> {
  value: K;
  onChange: (sort: K) => void;
  id: string;
  /** The sorts offered, in order: SORT_KEYS on the category page, SEARCH_SORT_KEYS on the search page. */
  keys: readonly K[];
}

export default function SortSelect<K extends SearchSortKey>({ value, onChange, id, keys }: Props<K>) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-stone-700 sm:text-sm">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as K)}
        className="h-10 w-full min-w-0 rounded-lg sm:w-auto border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      >
        {keys.map((key) => (
          <option key={key} value={key}>
            {SEARCH_SORTS[key].label}
          </option>
        ))}
      </select>
    </div>
  );
}
