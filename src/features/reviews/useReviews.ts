/**
 * The reviews section's state and calls. It starts from the build's figures and reviews (what
 * the static HTML shows), takes the page's read of them as they are now (live-reviews.ts), looks up the signed-in shopper's own review once hydrated, and posts
 * one review at a time: signed out, the shopper goes to sign in; a draft the rules refuse shows
 * their messages and sends nothing; a posted review clears the form (`clear`), says 'Review
 * submitted!' and shows the product's fresh reviews and figures, here and in the page's headline.
 */
import { useEffect, useRef, useState } from 'react';
import { paths } from '#lib/paths.ts';
import { REVIEW_MESSAGES } from '#lib/schemas/reviews-rules.ts';
import type { OwnReview } from '#lib/schemas/reviews.ts';
import { $signedIn, $userName } from '#features/session/store.ts';
import { ownReview, postReview, reviewerId } from './api.ts';
import { freshReviews, REVIEWS_NOW_EVENT, reviewsNowOn } from './fresh.ts';
import { showHeadline } from './headline.ts';
import { checkReview, withPostedReview, type ReviewDraft, type ReviewErrors, type ReviewsShown } from './rules.ts';

export interface ReviewsState {
  shown: ReviewsShown;
  errors: ReviewErrors;
  /** A failed call's words (the server's message, or ours for no network). */
  failure: string;
  success: string;
  busy: boolean;
  /** The signed-in shopper's own review of this product, once known. */
  own: OwnReview | null;
  submit(draft: ReviewDraft, clear: () => void): Promise<void>;
}

type Reviewer = { userId: string; name: string };

export function useReviews(productId: string, initial: ReviewsShown, go: (url: string) => void = (url) => location.assign(url)): ReviewsState {
  const [shown, setShown] = useState(initial);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [failure, setFailure] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);
  const [own, setOwn] = useState<OwnReview | null>(null);
  const sending = useRef(false);
  /** Set by a successful post: the mount-time lookup, if it answers later, is older news. */
  const posted = useRef(false);
  const reviewer = useRef<Reviewer | null>(null);

  // The page's read of the reviews as they are now (live-reviews.ts), when one was made: its
  // reviews and figures replace the build's, unless a review posted here is newer news.
  useEffect(() => {
    const island = document.querySelector<HTMLElement>('[data-island="reviews"]');
    const take = () => {
      const now = reviewsNowOn(island);
      if (now && !posted.current) {
        setShown(now);
        showHeadline(now.figures);
      }
    };
    take();
    island?.addEventListener(REVIEWS_NOW_EVENT, take);
    return () => island?.removeEventListener(REVIEWS_NOW_EVENT, take);
  }, []);

  // Once hydrated: whether the signed-in shopper reviewed this product already. A 401 here ends a
  // lapsed session as on any page anyone may see (features/session/api.ts): the shopper stays.
  useEffect(() => {
    if (!$signedIn.get()) return;
    let live = true;
    void (async () => {
      const me = await reviewerId();
      if (!me.ok || !live) return;
      reviewer.current = { userId: me.userId, name: me.name };
      const mine = await ownReview(me.userId, productId);
      if (live && mine.ok && !posted.current) setOwn(mine.review);
    })();
    return () => {
      live = false;
    };
  }, [productId]);

  async function submit(draft: ReviewDraft, clear: () => void): Promise<void> {
    if (sending.current) return;
    if (!$signedIn.get()) return go(paths.signin());
    setSuccess('');
    setFailure('');
    const checked = checkReview(productId, draft, reviewer.current?.name ?? $userName.get());
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    sending.current = true;
    setBusy(true);
    try {
      let me = reviewer.current;
      if (!me) {
        const found = await reviewerId();
        if (!found.ok) return setFailure(found.message);
        me = reviewer.current = { userId: found.userId, name: found.name };
      }
      const result = await postReview(me.userId, checked.body);
      if (!result.ok) {
        setErrors(result.errors ?? {});
        return setFailure(result.message);
      }
      clear();
      setSuccess(REVIEW_MESSAGES.submitted);
      posted.current = true;
      setOwn({ ...result.posted.review, productId });
      const fresh = await freshReviews(productId);
      if (fresh.ok) {
        setShown(fresh.data);
        showHeadline(fresh.data.figures);
      } else {
        // The review is saved; the reply's own figures and review stand in for the fresh read.
        setShown((before) => withPostedReview(before, result.posted, own?._id));
        showHeadline(result.posted.product);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return { shown, errors, failure, success, busy, own, submit };
}
