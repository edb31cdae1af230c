/** Newsletter sign-ups: one row an address. */
import type { Database } from '#server/db/client.ts';
import { newsletterSubscriptions } from '#server/db/schema.ts';

/** Stores `email` (already normalised) once; true when it was not subscribed before. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ email: newsletterSubscriptions.email });
  return inserted.length > 0;
}
