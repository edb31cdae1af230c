/**
 * The shapes of the API's replies that no browser schema already states (the browser reads these
 * replies through its own small readers, or through the TypeScript types of src/lib/schemas). They
 * exist for the OpenAPI document, and src/server/openapi.test.ts holds the real replies to them.
 */
import { z } from 'zod';
import { ORDER_CONFLICT_REASONS, ORDER_STATUSES, PAYMENT_METHODS } from '#lib/schemas/orders-rules.ts';
import { ReviewSchema, RatingsByStarSchema } from '#lib/schemas/catalog.ts';
import { UserSchema } from '#lib/schemas/account.ts';
import { part, RefusalSchema } from '#server/http/openapi.ts';

const isoTime = z.string().meta({ description: 'ISO 8601 time' });

export const LiveProductSchema = z.strictObject({ _id: z.string(), price: z.number().int(), discount: z.number().int(), stock: z.number().int() });

const StatusEventSchema = z.strictObject({ status: z.enum(ORDER_STATUSES), at: isoTime });

/** What the order number alone shows: no id, name, address, phone, e-mail or lines. */
export const OrderSummarySchema = z.strictObject({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusHistory: z.array(StatusEventSchema),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalAmount: z.number().int(),
  itemCount: z.number().int(),
  isPaid: z.boolean(),
  paidAt: isoTime.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

const OrderLineSchema = z.strictObject({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().optional(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});

/** The whole order: by id, to its owner, and in the placement reply. */
export const OrderSchema = z.strictObject({
  ...OrderSummarySchema.shape,
  _id: z.string(),
  items: z.array(OrderLineSchema),
  subtotal: z.number().int(),
  youSave: z.number().int(),
  shipping: z.number().int(),
  contactNumber: z.string(),
  shippingAddress: z.strictObject({ address: z.string(), city: z.string(), province: z.string(), postalCode: z.string(), country: z.string() }),
  guestInfo: z.strictObject({ name: z.string(), email: z.string() }),
  isGuest: z.boolean(),
});

export const OrderConflictSchema = z.strictObject({
  productId: z.string(),
  name: z.string(),
  reason: z.enum(ORDER_CONFLICT_REASONS),
  available: z.number().int().optional(),
  price: z.number().int().optional(),
  originalPrice: z.number().int().optional(),
  requestedPrice: z.number().optional(),
  requestedQuantity: z.number(),
});

/** A refusal that carries more than words: `conflicts`, `needsVerification`, `problems`. */
export const refusalWith = (fields: z.ZodRawShape) => z.strictObject({ ...RefusalSchema.shape, ...fields });

export const PostedReviewSchema = z.strictObject({
  review: ReviewSchema,
  replaced: z.boolean(),
  product: z.strictObject({ rating: z.number(), numRatings: z.number().int(), ratingsByStar: RatingsByStarSchema, numWrittenReviews: z.number().int() }),
});

export const OwnReviewSchema = z.strictObject({ ...ReviewSchema.shape, productId: z.string() });

/** `{success: true, message}`: a change whose words are the reply. */
export const MessageReplySchema = z.strictObject({ success: z.literal(true), message: z.string() });

/** The account after a change to it. */
export const UserChangedSchema = z.strictObject({ success: z.literal(true), data: part(UserSchema), message: z.string() });

/** A signed-in session: after verification and sign-in. */
export const SessionReplySchema = z.strictObject({ success: z.literal(true), token: z.string(), user: part(UserSchema), message: z.string() });
