/**
 * Write a review: the stars (StarPicker), the comment with its limit, Submit Review. The fields
 * are uncontrolled and read when submitted, so what a shopper did before the island hydrated is
 * kept (and read once mounted for the words beside the stars and the characters left). Each
 * message shows beside its field (aria-describedby) and in the role=alert list above the button;
 * 'Review submitted!' in the role=status region below it. A message goes as soon as its field is
 * fixed (rules.ts stillWrong), not only at the next submit.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { REVIEW_LIMITS } from '#lib/schemas/reviews-rules.ts';
import type { OwnReview } from '#lib/schemas/reviews.ts';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { StarPicker } from './StarPicker.tsx';
import { charactersLeft, errorList, ownReviewNote, stillWrong, type ReviewDraft, type ReviewErrors, type ReviewField } from './rules.ts';

export interface ReviewFormProps {
  errors: ReviewErrors;
  failure: string;
  success: string;
  busy: boolean;
  own: OwnReview | null;
  onSubmit: (draft: ReviewDraft, clear: () => void) => void;
}

const COMMENT = 'review-comment';

export function ReviewForm({ errors: given, failure, success, busy, own, onSubmit }: ReviewFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  // The fields changed since the messages appeared: a fixed one loses its message at once.
  const [edited, setEdited] = useState<ReadonlySet<ReviewField>>(new Set());
  useEffect(() => setEdited(new Set()), [given]);
  const touch = (field: ReviewField) => setEdited((was) => (was.has(field) ? was : new Set(was).add(field)));
  const errors = stillWrong(given, { rating, comment }, edited);

  useEffect(() => {
    const picked = form.current?.querySelector<HTMLInputElement>('input[name="rating"]:checked');
    if (picked) setRating(Number(picked.value));
    const typed = form.current?.querySelector<HTMLTextAreaElement>(`#${COMMENT}`)?.value;
    if (typed) setComment(typed);
  }, []);

  function clear() {
    form.current?.reset();
    setRating(0);
    setComment('');
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ rating: Number(data.get('rating') ?? 0), comment: String(data.get('comment') ?? '') }, clear);
  }

  const list = errorList(errors);
  const left = charactersLeft(comment);
  const described = [`${COMMENT}-hint`, errors.comment && `${COMMENT}-error`].filter(Boolean).join(' ');
  return (
    <form ref={form} onSubmit={submit} className="mt-8 max-w-2xl rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="review-form-heading" data-testid="review-form">
      <h3 id="review-form-heading" className="text-lg font-bold text-stone-900">
        Write a review
      </h3>
      <p className="mt-1 text-sm text-stone-600" data-signed-out-only>
        <a href={paths.signin()} className={ui.link}>
          Sign in
        </a>{' '}
        to post a review; it appears under your account's name.
      </p>
      <p className="mt-1 text-sm text-stone-600" data-signed-in-only>
        Your review appears under your account's name.
      </p>
      {own && (
        <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="own-review-note">
          {ownReviewNote(own)}
        </p>
      )}
      <div className="mt-5 space-y-5">
        <StarPicker
          rating={rating}
          error={errors.rating}
          onPick={(n) => {
            setRating(n);
            touch('rating');
          }}
        />
        <div>
          <label htmlFor={COMMENT} className={ui.label}>
            Your review
          </label>
          <textarea
            id={COMMENT}
            name="comment"
            rows={4}
            maxLength={REVIEW_LIMITS.comment}
            placeholder="What did you like or dislike? How were the quality, freshness and value?"
            className={`${ui.input} resize-y`}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={described}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              touch('comment');
            }}
          />
          <p id={`${COMMENT}-hint`} className={`${ui.hint} ${left.over ? 'text-red-700' : ''}`} data-testid="characters-left">
            {left.text}
          </p>
          {errors.comment && (
            <p id={`${COMMENT}-error`} className={ui.fieldError}>
              {errors.comment}
            </p>
          )}
        </div>
      </div>
      <ErrorMessage message={failure || (list.length > 0 ? 'Please check your review:' : '')} list={list} />
      <button type="submit" className={`${ui.primary} mt-5 sm:w-auto sm:px-8`} disabled={busy}>
        {busy ? 'Submitting…' : 'Submit Review'}
      </button>
      <SuccessMessage message={success} />
    </form>
  );
}
