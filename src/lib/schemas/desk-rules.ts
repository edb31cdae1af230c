/**
 * The order desk's limits, messages and the rule of a reason or note, without any zod schema.
 * Apart from desk.ts (which re-exports them and builds the request schemas on them) so the desk's
 * pages can use them: every zod schema a browser module builds joins the chunk every shop page
 * loads (astro.config.mjs).
 */
import { NO_CONTROLS_BUT_LINES } from '../control-characters.ts';

/** The longest reason or note staff may write (the timeline keeps no longer). */
export const DESK_TEXT_MAX = 500;
/** The most orders one bulk advance moves. */
export const DESK_ADVANCE_MAX = 50;
/** The statuses the desk advances orders to (cancelling has a route of its own, with its reason). */
export const DESK_ADVANCE_TO = ['Processing', 'Shipped', 'Delivered'] as const;

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

/**
 * What is wrong with a reason (`reason`) or a note (`note`) as typed, or null: trimmed, 1 to
 * DESK_TEXT_MAX characters, lines allowed, no other control character. The same rule as the
 * request schemas' (desk.ts), which a test holds them to.
 */
export function deskTextProblem(kind: 'reason' | 'note', text: string): string | null {
  const t = text.trim();
  if (!t) return DESK_FORM_MESSAGES[kind];
  if (t.length > DESK_TEXT_MAX) return DESK_FORM_MESSAGES[`${kind}Long`];
  if (!NO_CONTROLS_BUT_LINES.test(t)) return DESK_FORM_MESSAGES[`${kind}Controls`];
  return null;
}
