/**
 * The maximum-price slider: stops from Rs 100 to Rs 1,000,000 (PRICE_STEPS), the top stop being
 * no limit. It moves at once and reports a value only once the shopper pauses (300 ms), so
 * dragging across ten stops is one fetch and one history entry, not ten.
 */
import { useEffect, useRef, useState } from 'react';
import { formatRs } from '#lib/money.ts';
import { PRICE_STEPS, snapPrice } from './listing-filters.ts';

const SETTLE_MS = 300;

interface Props {
  value: number;
  onChange: (maxPrice: number) => void;
  id: string;
}

export default function PriceSlider({ value, onChange, id }: Props) {
  const [draft, setDraft] = useState(snapPrice(value));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A value from outside (back/forward, Clear all filters) moves the thumb; one that lands while the
  // shopper has moved on (a newer move still settling, on a slow phone) must not pull it back.
  useEffect(() => {
    if (timer.current === undefined) setDraft(snapPrice(value));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const index = PRICE_STEPS.indexOf(draft as (typeof PRICE_STEPS)[number]);
  const text = `Up to ${formatRs(draft)}`;
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-stone-700">
          Max price
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-stone-900" data-testid="price-output">
          {formatRs(draft)}
        </output>
      </div>
      <input
        id={id}
        name="maxPrice"
        type="range"
        min={0}
        max={PRICE_STEPS.length - 1}
        step={1}
        value={index}
        aria-valuetext={text}
        onChange={(e) => {
          const next = PRICE_STEPS[Number(e.currentTarget.value)];
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            timer.current = undefined;
            onChange(next);
          }, SETTLE_MS);
        }}
        className="mt-2 w-full accent-brand-700"
      />
      <div className="flex justify-between text-xs text-stone-500" aria-hidden="true">
        <span>{formatRs(PRICE_STEPS[0])}</span>
        <span>{formatRs(PRICE_STEPS[PRICE_STEPS.length - 1])}</span>
      </div>
    </div>
  );
}
