/** Minimum rating: 5 to 1 stars and above as radio buttons, and Clear to show every rating. */
import { RATING_CHOICES } from './listing-filters.ts';

interface Props {
  value: number;
  onChange: (rating: number) => void;
  name: string;
}

export const ratingChoiceLabel = (n: number) => (n === 5 ? '5 stars' : `${n} ${n === 1 ? 'star' : 'stars'} & up`);

export default function RatingFilter({ value, onChange, name }: Props) {
  return (
    <fieldset className="min-w-0">
      <div className="flex items-center justify-between gap-3">
        <legend className="float-left text-sm font-medium text-stone-700">Customer rating</legend>
        <button
          type="button"
          onClick={() => onChange(0)}
          disabled={value === 0}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline disabled:invisible"
        >
          Clear<span className="sr-only"> rating filter</span>
        </button>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {RATING_CHOICES.map((n) => (
          <label
            key={n}
            className={`flex h-9 cursor-pointer items-center gap-1 rounded-full border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
              value === n ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600'
            }`}
          >
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span aria-hidden="true" className={value === n ? 'text-amber-200' : 'text-amber-500'}>
              ★
            </span>
            <span>{ratingChoiceLabel(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
