/**
 * The review's stars: a real radio group (fieldset, legend, five radios named `rating`), so the
 * arrow keys move between stars and a screen reader says "3 stars, radio button, 3 of 5". The
 * radios are uncontrolled: a star picked before the island hydrated stays picked. The stars up to
 * the checked one turn gold through global.css (`.star-picker`), the words beside them from `rating`.
 */
import { ui } from '#components/forms/ui.ts';
import { ratingChoice, starsLabel } from './rules.ts';

export const RATING_ERROR_ID = 'review-rating-error';
const CHOICES = [1, 2, 3, 4, 5] as const;

export function StarPicker({ rating, error, onPick }: { rating: number; error?: string; onPick: (stars: number) => void }) {
  const described = error ? RATING_ERROR_ID : undefined;
  return (
    <fieldset className="star-picker min-w-0" data-testid="star-picker">
      <legend className={ui.label}>Your rating</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="star-options flex">
          {CHOICES.map((n) => (
            <label key={n} className="star-option" data-star={n}>
              <input type="radio" name="rating" value={n} className="sr-only" aria-describedby={described} onChange={() => onPick(n)} />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{starsLabel(n)}</span>
            </label>
          ))}
        </div>
        <span className="text-sm font-medium text-stone-700" data-testid="rating-choice">
          {ratingChoice(rating)}
        </span>
      </div>
      {error && (
        <p id={RATING_ERROR_ID} className={ui.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
