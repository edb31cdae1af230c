/** The sort select of the category and search pages: the 7 sorts of listing-state.ts. */
import { SORT_KEYS, SORTS, type SortKey } from './listing-state.ts';

interface Props {
  value: SortKey;
  onChange: (sort: SortKey) => void;
  id: string;
}

export default function SortSelect({ value, onChange, id }: Props) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-stone-700">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as SortKey)}
        className="h-10 min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
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
