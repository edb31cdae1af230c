/** A new review as the reviews API and the review form accept it: who, how many stars, what they wrote. */
import { z } from 'zod';

export const NewReviewSchema = z.object({
  productId: z.string().trim().min(1, 'is required'),
  userName: z.string().trim().min(1, 'is required').max(80),
  rating: z.number().int('must be a whole number of stars').min(1).max(5),
  comment: z.string().trim().min(1, 'is required').max(2000),
});
export type NewReview = z.input<typeof NewReviewSchema>;
