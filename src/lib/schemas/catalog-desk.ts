/**
 * The category and review desk's requests, as the server validates them (zod/mini); the rules and
 * words are catalog-desk-rules.ts', which the staff pages use without zod.
 */
import * as z from 'zod/mini';
import {
  CATEGORIES_MAX,
  CATEGORY_MESSAGES as C,
  categoryDescriptionProblem,
  categoryNameProblem,
  hideReasonProblem,
} from './catalog-desk-rules.ts';
import { isOwnPicture } from '../picture-address.ts';

export * from './catalog-desk-rules.ts';

/** A field checked by one of the shared rules: the rule's words are the refusal's. */
const ruled = (problem: (s: string) => string | null, missing: string) =>
  z.string(missing).check(
    z.maxLength(20_000, missing),
    z.check<string>((ctx) => {
      const wrong = problem(ctx.value);
      if (wrong) ctx.issues.push({ code: 'custom', input: ctx.value, message: wrong });
    }),
    z.trim(),
  );

const name = ruled(categoryNameProblem, C.name);
const description = ruled(categoryDescriptionProblem, C.description);
/** A picture the store serves (an upload's or the artwork's path, never `..`), never another scheme. */
const images = z.array(z.string().check(z.maxLength(300), z.refine(isOwnPicture, 'must be a picture the store serves (/images/…)'))).check(z.maxLength(20));

export const CategoryCreateSchema = z.strictObject({
  name,
  description: z.optional(description),
  images: z.optional(images),
  _id: z.optional(z.string().check(z.trim(), z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, C.idRule))),
});
export type CategoryCreateBody = z.output<typeof CategoryCreateSchema>;

export const CategoryChangeSchema = z.strictObject({
  version: z.number().check(z.int(), z.minimum(1)),
  changes: z.strictObject({ name: z.optional(name), description: z.optional(description), images: z.optional(images) }),
});
export type CategoryChangeBody = z.output<typeof CategoryChangeSchema>;

export const CategoryOrderSchema = z.strictObject({
  ids: z.array(z.string().check(z.maxLength(100)), C.order).check(z.minLength(1, C.order), z.maxLength(CATEGORIES_MAX, C.order)),
});

export const HideReviewSchema = z.strictObject({ reason: ruled(hideReasonProblem, 'Please write why the review is hidden.') });
