/**
 * Grid or list, as two radio buttons styled as a segmented switch: native radios keep a choice a
 * shopper makes before the island hydrates (the island reads it when it mounts).
 */
import type { View } from './listing-state.ts';

const ICONS: Record<View, string> = {
  grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  list: 'M4 5h4v4H4zM11 7h9M4 15h4v4H4zM11 17h9',
};

interface Props {
  value: View;
  onChange: (view: View) => void;
  name: string;
}

export default function ViewToggle({ value, onChange, name }: Props) {
  return (
    <fieldset className="flex shrink-0 rounded-lg border border-stone-300 bg-white p-0.5">
      <legend className="sr-only">View</legend>
      {(['grid', 'list'] as const).map((view) => (
        <label
          key={view}
          className={`flex h-9 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
            value === view ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'
          }`}
        >
          <input type="radio" name={name} value={view} checked={value === view} onChange={() => onChange(view)} className="sr-only" />
          <svg viewBox="0 0 24 24" className="icon h-4 w-4" aria-hidden="true">
            <path d={ICONS[view]} />
          </svg>
          <span className="max-sm:sr-only">{view === 'grid' ? 'Grid' : 'List'}</span>
        </label>
      ))}
    </fieldset>
  );
}
