import { NewsletterSchema } from '#lib/schemas/newsletter.ts';
import type { Database } from '#server/db/client.ts';
import { readJsonBody } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { documentedRoutes, refusal, route } from '#server/http/openapi.ts';
import { subscribe } from '#server/newsletter/subscriptions.ts';
import { MessageReplySchema } from './reply-shapes.ts';

export const NEWSLETTER_MESSAGES = {
  invalid: 'Please enter a valid e-mail address.',
  subscribed: "Thanks! You're subscribed to Kiryana's weekly deals.",
  already: "You're already subscribed. Thanks for staying with us!",
} as const;

/** POST /api/newsletter {email}: stores the address once; a second sign-up is not an error. */
export function newsletterRoutes(db: Database) {
  const app = documentedRoutes();
  route(app, {
    method: 'post',
    path: '/',
    tag: 'Newsletter',
    summary: 'Subscribe an e-mail address (stored once, lowercased)',
    body: NewsletterSchema,
    replies: {
      201: { description: 'Subscribed.', schema: MessageReplySchema },
      200: { description: 'Already subscribed.', schema: MessageReplySchema },
      400: refusal(`'${NEWSLETTER_MESSAGES.invalid}', for any body that is not one (an unreadable one too).`),
    },
  }, async (c) => {
    // Read through the bounded reader: a body too large is a 413; anything else unreadable is a bad address.
    const body = await readJsonBody(c).catch((err: unknown) => {
      if (err instanceof HttpError && err.status === 413) throw err;
      return undefined;
    });
    const parsed = NewsletterSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, NEWSLETTER_MESSAGES.invalid, { email: NEWSLETTER_MESSAGES.invalid });
    const added = await subscribe(db, parsed.data.email);
    c.header('Cache-Control', 'no-store');
    return added
      ? c.json({ success: true, message: NEWSLETTER_MESSAGES.subscribed }, 201)
      : c.json({ success: true, message: NEWSLETTER_MESSAGES.already }, 200);
  });
  return app;
}
