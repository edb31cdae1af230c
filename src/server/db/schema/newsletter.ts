/** The newsletter's sign-ups. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Newsletter sign-ups from the home page; one row an address (stored lowercased). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
