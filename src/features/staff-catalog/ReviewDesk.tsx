/**
 * /staff/reviews/: the newest reviews, 50 a page, filtered by product, stars and shown or hidden.
 * A review is hidden with a reason (a small form in its row) and shown again; the reply's figures
 * say what the product's rating is now. A table at a desk, a card a review on a phone.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field, SelectField } from '#components/forms/Field.tsx';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import type { ModeratedReview, ModeratedReviewsPage } from '#lib/schemas/catalog-desk-rules.ts';
import { listReviews, type Moderated } from './category-api.ts';
import { ReviewRow } from './ReviewRow.tsx';

interface Filters {
  product?: string;
  rating?: string;
  state?: string;
}

const STARS = ['5', '4', '3', '2', '1'].map((s) => ({ value: s, name: s === '1' ? '1 star' : `${s} stars` }));
const STATES = [
  { value: 'shown', name: 'Shown' },
  { value: 'hidden', name: 'Hidden' },
];

export default function ReviewDesk() {
  return <StaffGate permission="reviews.moderate">{() => <Reviews />}</StaffGate>;
}

function Reviews() {
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const [page, setPage] = useState<ModeratedReviewsPage>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setSaid] = useState<{ ok: boolean; message: string }>();
  const asked = useRef(0);

  async function load(f: Filters, before?: string) {
    const turn = ++asked.current;
    const query = Object.fromEntries(Object.entries({ ...f, before }).filter(([, v]) => v)) as Record<string, string>;
    const r = await listReviews(query);
    if (turn !== asked.current) return;
    if (!r.ok) {
      setErrors(r.errors);
      setSaid({ ok: false, message: r.message });
      return;
    }
    setErrors({});
    setPage(r.data);
  }
  useEffect(() => void load({}), []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const f = { product: text('product'), rating: text('rating'), state: text('state') };
    setFilters(f);
    setCursors([]);
    setSaid(undefined);
    void load(f);
  }

  const changed = (m: Moderated, message: string) => {
    setPage((p) => p && { ...p, reviews: p.reviews.map((r) => (r._id === m.review._id ? m.review : r)) });
    const { rating, numRatings, numWrittenReviews } = m.product;
    setSaid({ ok: true, message: `${message} ${m.review.productName} now has ${rating.toFixed(1)} stars from ${numRatings} ${numRatings === 1 ? "rating" : "ratings"} (${numWrittenReviews} written ${numWrittenReviews === 1 ? "review" : "reviews"} shown).` });
  };

  return (
    <div className="staff-revdesk">
      <form role="search" aria-label="Find reviews" onSubmit={submit} className="staff-filters" noValidate>
        <Field id="product" label="Product id" type="search" defaultValue={filters.product} error={errors.product} maxLength={200} className="staff-filters-find" />
        <SelectField id="rating" label="Stars" placeholder="Any stars" options={STARS} defaultValue={filters.rating ?? ''} error={errors.rating} />
        <SelectField id="state" label="Shown or hidden" placeholder="Both" options={STATES} defaultValue={filters.state ?? ''} error={errors.state} />
        <div className="staff-filters-go">
          <button type="submit" className={ui.primary}>
            Show reviews
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-3">
        {said && (said.ok ? <SuccessMessage message={said.message} /> : <ErrorMessage message={said.message} />)}
      </div>
      {!page ? (
        <p role="status">Loading…</p>
      ) : page.reviews.length === 0 ? (
        <p className="mt-4" data-testid="reviews-none">
          No reviews match.
        </p>
      ) : (
        <table className="staff-reviews mt-4" data-testid="reviews-table">
          <caption className="sr-only">Reviews, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Product</th>
              <th scope="col">Stars</th>
              <th scope="col">Review</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {page.reviews.map((r: ModeratedReview) => (
              <ReviewRow key={r._id} review={r} onChanged={changed} />
            ))}
          </tbody>
        </table>
      )}
      <nav className="staff-pages mt-4 flex gap-3" aria-label="Pages of reviews">
        {cursors.length > 0 && (
          <button
            type="button"
            className={ui.secondary}
            onClick={() => {
              const back = cursors.slice(0, -1);
              setCursors(back);
              void load(filters, back.at(-1));
            }}
          >
            Newer reviews
          </button>
        )}
        {page?.next && (
          <button
            type="button"
            className={ui.secondary}
            onClick={() => {
              setCursors([...cursors, page.next!]);
              void load(filters, page.next!);
            }}
          >
            Older reviews
          </button>
        )}
      </nav>
    </div>
  );
}
