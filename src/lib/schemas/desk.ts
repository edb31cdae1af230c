/**
 * The order desk's requests and replies: what staff send when they move, cancel, mark paid or note
 * an order (the server validates with these; the desk's pages may check a form with the same rules),
 * and the shapes the desk's routes answer with. Times are ISO strings (UTC); amounts whole rupees.
 */
import * as z from 'zod/mini';
import { NO_CONTROLS_BUT_LINES } from '../control-characters.ts';
import { ORDER_STATUSES } from './orders-rules.ts';

/** The longest reason or note staff may write (the timeline keeps no longer). */
export const DESK_TEXT_MAX = 500;
/** The most orders one bulk advance moves. */
export const DESK_ADVANCE_MAX = 50;
/** The statuses the desk advances orders to (cancelling has a route of its own, with its reason). */
export const DESK_ADVANCE_TO = ['Processing', 'Shipped', 'Delivered'] as const;
/** An order number as typed is never longer (KR-XXXX-XXXX with spaces to spare). */
const NUMBER_MAX = 40;

export const DESK_FORM_MESSAGES = {
  reason: 'Please write why the order is cancelled.',
  reasonLong: `Please keep the reason to ${DESK_TEXT_MAX} characters.`,
  reasonControls: 'The reason must not contain control characters.',
  note: 'Please write the note.',
  noteLong: `Please keep the note to ${DESK_TEXT_MAX} characters.`,
  noteControls: 'The note must not contain control characters.',
  numbers: 'Choose at least one order.',
  tooMany: `Advance at most ${DESK_ADVANCE_MAX} orders at once.`,
  number: 'Each order number must be given as text of at most 40 characters.',
  to: `Choose the status to move to: ${DESK_ADVANCE_TO.join(', ')}.`,
} as const;

const M = DESK_FORM_MESSAGES;

/** A reason or note: trimmed, 1 to 500 characters, lines allowed, no other control character. */
const deskText = (missing: string, long: string, controls: string) =>
  z.string(missing).check(z.trim(), z.minLength(1, missing), z.maxLength(DESK_TEXT_MAX, long), z.regex(NO_CONTROLS_BUT_LINES, controls));

export const DeskCancelSchema = z.strictObject({ reason: deskText(M.reason, M.reasonLong, M.reasonControls) });
export const DeskNoteSchema = z.strictObject({ text: deskText(M.note, M.noteLong, M.noteControls) });
export const DeskAdvanceSchema = z.strictObject({
  numbers: z.array(z.string(M.number).check(z.maxLength(NUMBER_MAX, M.number)), M.numbers).check(z.minLength(1, M.numbers), z.maxLength(DESK_ADVANCE_MAX, M.tooMany)),
  to: z.enum(DESK_ADVANCE_TO, M.to),
});
export type DeskAdvanceBody = z.infer<typeof DeskAdvanceSchema>;

const status = z.enum(ORDER_STATUSES);
const capped = z.object({ count: z.number(), capped: z.boolean() });

/** An order as the desk's list shows it. */
export const DeskOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  totalAmount: z.number(),
  isPaid: z.boolean(),
  paidAt: z.nullable(z.string()),
  userId: z.nullable(z.string()),
});
export type DeskOrder = z.infer<typeof DeskOrderSchema>;

export const DeskOrdersPageSchema = z.object({ orders: z.array(DeskOrderSchema), nextCursor: z.nullable(z.string()), total: capped });
export const DeskCountsSchema = z.object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, capped])) as Record<(typeof ORDER_STATUSES)[number], typeof capped>);

/** One row of an order's timeline: who did what, when (a reason or note is plain text). */
export const OrderEventSchema = z.object({
  at: z.string(),
  actor: z.object({ kind: z.enum(['shopper', 'guest', 'staff', 'operator', 'system']), id: z.nullable(z.string()), label: z.nullable(z.string()) }),
  action: z.enum(['placed', 'status_changed', 'cancelled', 'cash_collected', 'note']),
  from: z.nullable(status),
  to: z.nullable(status),
  note: z.nullable(z.string()),
});

/** One order as the desk shows it: its lines, totals, customer, address, the moves it allows and its timeline. */
export const DeskOrderDetailSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status,
  /** The moves the lifecycle allows from here, Cancelled apart (`canCancel`). */
  nextStatuses: z.array(status),
  canCancel: z.boolean(),
  isPaid: z.boolean(),
  paidAt: z.nullable(z.string()),
  isDelivered: z.boolean(),
  deliveredAt: z.nullable(z.string()),
  paymentMethod: z.string(),
  subtotal: z.number(),
  youSave: z.number(),
  shipping: z.number(),
  totalAmount: z.number(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Digits only, for https://wa.me/<digits>. */
    whatsapp: z.string(),
    account: z.nullable(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  }),
  shippingAddress: z.object({ address: z.string(), city: z.string(), province: z.string(), postalCode: z.string(), country: z.string() }),
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      /** The line's image URL as stored at placement. */
      image: z.string(),
      /** The product's page while it is still sold, else null. */
      productUrl: z.nullable(z.string()),
      price: z.number(),
      originalPrice: z.nullable(z.number()),
      quantity: z.number(),
      lineTotal: z.number(),
    }),
  ),
  timeline: z.array(OrderEventSchema),
});
export type DeskOrderDetail = z.infer<typeof DeskOrderDetailSchema>;

export const DeskAdvanceResultSchema = z.object({
  moved: z.array(z.object({ orderNumber: z.string(), from: status, to: status })),
  refused: z.array(z.object({ orderNumber: z.string(), message: z.string() })),
});
export type DeskAdvanceResult = z.infer<typeof DeskAdvanceResultSchema>;
