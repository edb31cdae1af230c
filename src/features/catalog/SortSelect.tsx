/** The sort select of the category and search pages: the 7 sorts of listing-state.ts. */
import { SORT_KEYS, SORTS, type SortKey } from './listing-state.ts';

interface Props {
  value: SortKey;
  onChange: (sort: SortKey) => void;
  id: string;
}

export default function SortSelect({ value, onChange, id }: Props) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-stone-700 sm:text-sm">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as SortKey)}
        className="h-10 w-full min-w-0 rounded-lg sm:w-auto border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {SORTS[key].label}
          </option>
        ))}
      </select>
    </div>
  );
}
