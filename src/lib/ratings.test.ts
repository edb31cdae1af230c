import { describe, expect, it } from 'vitest';
import {
  NO_RATINGS,
  addRatings,
  countStars,
  ratedLabel,
  ratingHeadline,
  ratingsLabel,
  reviewsLabel,
  sharePercent,
  summarizeRatings,
  uncountedStars,
} from './ratings.ts';

const stars = (five: number, four = 0, three = 0, two = 0, one = 0) => ({ '5': five, '4': four, '3': three, '2': two, '1': one });

describe('summarizeRatings', () => {
  it('counts every rating and averages their stars to one decimal', () => {
    expect(summarizeRatings(stars(120, 50, 20, 12, 10))).toEqual({ numRatings: 212, rating: 4.2 });
    expect(summarizeRatings(stars(1, 1))).toEqual({ numRatings: 2, rating: 4.5 });
    expect(summarizeRatings(stars(0, 0, 0, 0, 3))).toEqual({ numRatings: 3, rating: 1 });
    expect(summarizeRatings(stars(7))).toEqual({ numRatings: 7, rating: 5 });
  });

  it('gives 0 with no ratings', () => {
    expect(summarizeRatings(NO_RATINGS)).toEqual({ numRatings: 0, rating: 0 });
  });

  it('rounds an exact half up, as the database does', () => {
    // 87 stars from 20 ratings is 4.35 exactly; 4.35 in floating point is just below it.
    expect(summarizeRatings(stars(7, 13))).toEqual({ numRatings: 20, rating: 4.4 });
    // 17 / 4 = 4.25
    expect(summarizeRatings(stars(1, 3))).toEqual({ numRatings: 4, rating: 4.3 });
    // 1, 3 and 5 stars average 3, never 4.9
    expect(summarizeRatings(countStars([1, 3, 5]))).toEqual({ numRatings: 3, rating: 3 });
  });
});

describe('counting written reviews', () => {
  it('counts stars and adds counts', () => {
    expect(countStars([5, 5, 4, 1])).toEqual(stars(2, 1, 0, 0, 1));
    expect(addRatings(stars(1, 2, 3, 4, 5), stars(5, 4, 3, 2, 1))).toEqual(stars(6, 6, 6, 6, 6));
  });

  it('names every star whose count is below its written reviews', () => {
    expect(uncountedStars(stars(10, 3), countStars([5, 4, 4]))).toEqual([]);
    expect(uncountedStars(stars(1, 0, 0, 0, 0), countStars([5, 5, 1]))).toEqual([
      { star: 5, counted: 1, written: 2 },
      { star: 1, counted: 0, written: 1 },
    ]);
  });
});

describe('what shoppers read', () => {
  it('says "4.3 (212 ratings) · 3 reviews" in two parts', () => {
    expect(ratingHeadline({ rating: 4.3, numRatings: 212, numWrittenReviews: 3 })).toEqual({ ratings: '4.3 (212 ratings)', reviews: '3 reviews' });
    expect(ratingHeadline({ rating: 5, numRatings: 1, numWrittenReviews: 1 })).toEqual({ ratings: '5.0 (1 rating)', reviews: '1 review' });
    expect(ratingHeadline({ rating: 4, numRatings: 1500, numWrittenReviews: 0 })).toEqual({ ratings: '4.0 (1,500 ratings)', reviews: '0 reviews' });
  });

  it('says "No ratings yet" without ratings', () => {
    expect(ratingHeadline({ rating: 0, numRatings: 0, numWrittenReviews: 0 })).toEqual({ ratings: 'No ratings yet' });
  });

  it('labels counts, stars and bars', () => {
    expect([ratingsLabel(1), ratingsLabel(0), ratingsLabel(212)]).toEqual(['1 rating', '0 ratings', '212 ratings']);
    expect([reviewsLabel(1), reviewsLabel(2)]).toEqual(['1 review', '2 reviews']);
    expect(ratedLabel(4.25)).toBe('Rated 4.3 out of 5');
    expect(ratedLabel(5)).toBe('Rated 5.0 out of 5');
    expect([sharePercent(120, 212), sharePercent(0, 0), sharePercent(3, 3)]).toEqual([57, 0, 100]);
  });
});
