/**
 * The Idempotency-Key header a placement or a list change may carry: 1 to 200 visible ASCII
 * characters (a UUID is typical). A change sent again with its key is applied once. No imports, so
 * the browser may use it for nothing.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
