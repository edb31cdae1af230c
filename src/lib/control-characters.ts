/**
 * Control characters in what shoppers and requests send. None belongs in one line of text (a name,
 * an e-mail, an id, a query or path parameter; PostgreSQL cannot even hold a NUL in text); a text
 * of several lines (an address, a review) may hold the tab and line breaks, and nothing else of
 * them. No imports, so any browser module may use it for nothing.
 */
const ALL = '\\u0000-\\u001f\\u007f';
const ALL_BUT_LINES = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';

/** Finds a control character in one line of text. */
export const CONTROL_CHARACTERS = new RegExp(`[${ALL}]`);
/** Finds a control character other than tab, line feed and carriage return. */
export const CONTROL_CHARACTERS_BUT_LINES = new RegExp(`[${ALL_BUT_LINES}]`);
/** Matches one line of text with no control character (for zod's `regex` check). */
export const NO_CONTROLS = new RegExp(`^[^${ALL}]*$`);
/** Matches a text whose only control characters are tab and line breaks. */
export const NO_CONTROLS_BUT_LINES = new RegExp(`^[^${ALL_BUT_LINES}]*$`);
