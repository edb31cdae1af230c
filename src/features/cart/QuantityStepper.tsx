/** Quantity -/+ of one cart line: never below 1, and not above the stock when the stock is known. */
import { LineIcon } from '#components/LineIcon.tsx';

interface Props {
  title: string;
  quantity: number;
  max?: number;
  onChange: (quantity: number) => void;
}

export function QuantityStepper({ title, quantity, max, onChange }: Props) {
  const button = 'grid h-9 w-9 place-items-center rounded-full text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';
  return (
    <div role="group" aria-label={`Quantity of ${title}`} className="inline-flex items-center rounded-full border border-stone-300 bg-white">
      <button type="button" className={button} aria-label={`Decrease quantity of ${title}`} disabled={quantity <= 1} onClick={() => onChange(quantity - 1)}>
        <LineIcon name="minus" className="h-4 w-4" />
      </button>
      <span className="min-w-8 text-center text-sm font-semibold tabular-nums text-stone-900" data-testid="line-quantity">
        {quantity}
      </span>
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity of ${title}`}
        disabled={max !== undefined && quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <LineIcon name="plus" className="h-4 w-4" />
      </button>
    </div>
  );
}
