/**
 * The maximum-price slider over the page's stops (a category's follow its prices: priceStops), the
 * top stop being no limit ("Any price"). It moves at once and reports a value only once the shopper pauses (300 ms), so
 * dragging across ten stops is one fetch and one history entry, not ten.
 */
import { useEffect, useRef, useState } from 'react';
import { formatRs } from '#lib/money.ts';
import { snapPrice } from './listing-filters.ts';
import { PRICE_MAX } from './listing-state.ts';

const SETTLE_MS = 300;

interface Props {
  /** The stops, the last being PRICE_MAX (no limit). */
  stops: readonly number[];
  value: number;
  onChange: (maxPrice: number) => void;
  id: string;
}

const ANY_PRICE = 'Any price';
const priceText = (price: number) => (price >= PRICE_MAX ? ANY_PRICE : formatRs(price));

export default function PriceSlider({ stops, value, onChange, id }: Props) {
  const [draft, setDraft] = useState(snapPrice(value, stops));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A value from outside (back/forward, Clear all filters) moves the thumb; one that lands while the
  // shopper has moved on (a newer move still settling, on a slow phone) must not pull it back.
  useEffect(() => {
    if (timer.current === undefined) setDraft(snapPrice(value, stops));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const index = stops.indexOf(draft);
  const text = draft >= PRICE_MAX ? ANY_PRICE : `Up to ${formatRs(draft)}`;
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-stone-700">
          Max price
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-stone-900" data-testid="price-output">
          {priceText(draft)}
        </output>
      </div>
      <input
        id={id}
        name="maxPrice"
        type="range"
        min={0}
        max={stops.length - 1}
        step={1}
        value={index}
        aria-valuetext={text}
        onChange={(e) => {
          const next = stops[Number(e.currentTarget.value)];
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
        <span>{priceText(stops[0])}</span>
        <span>{priceText(stops[stops.length - 1])}</span>
      </div>
    </div>
  );
}
