/**
 * The signed-in lists' limits and messages without any zod schema. Apart from sync.ts (which
 * re-exports them and builds the request schemas from them) so browser code can use them without
 * the schemas: every zod check a browser module builds joins the chunk every page loads
 * (astro.config.mjs).
 */
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../idempotency-key.ts';
import { capMessage, lineQuantityCap } from '../line-cap.ts';

/** `lines` is the most products one request carries; a line's units are capped by lineQuantityCap. */
export const SYNC_LIMITS = { lines: 100 } as const;

export const SYNC_MESSAGES = {
  productId: 'Product id is required.',
  quantity: 'Quantity must be a whole number of at least 1.',
  tooMany: (units = lineQuantityCap()) => capMessage(units),
  lines: `At most ${SYNC_LIMITS.lines} products at a time.`,
  idempotencyKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters.`,
} as const;
