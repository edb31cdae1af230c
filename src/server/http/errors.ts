/** Expected failures: a route throws HttpError, the app's error handler replies it with fail(). */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface HttpErrorExtras {
  /** Reply headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
  /** More fields for the reply body beside success, message and errors (e.g. needsVerification). */
  fields?: Record<string, unknown>;
}

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string>;
  readonly extras?: HttpErrorExtras;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string>, extras?: HttpErrorExtras) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.extras = extras;
  }
}
