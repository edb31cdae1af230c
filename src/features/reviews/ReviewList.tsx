/**
 * The written reviews, newest first. Names and comments are text: React escapes them, so a
 * review that holds markup shows its characters and runs nothing.
 */
import type { Review } from '#lib/schemas/catalog.ts';
import { formatDate } from '#lib/dates.ts';
import { Stars } from '#components/Stars.tsx';

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) {
    return <p className="self-start rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">No written reviews yet. Bought this? Tell other shoppers what you think.</p>;
  }
  return (
    <ul className="grid content-start gap-3 lg:grid-cols-2" aria-label="Written reviews" data-testid="review-list">
      {reviews.map((r) => (
        <li key={r._id} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-5" data-testid="review">
          <div className="flex items-center justify-between gap-2">
            <strong className="min-w-0 text-sm break-words text-stone-900" data-testid="review-name">
              {r.userName}
            </strong>
            <time dateTime={r.date} className="shrink-0 text-xs text-stone-500">
              {formatDate(r.date)}
            </time>
          </div>
          <div className="mt-1">
            <Stars rating={r.rating} />
          </div>
          <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-stone-700" data-testid="review-comment">
            {r.comment}
          </p>
        </li>
      ))}
    </ul>
  );
}
