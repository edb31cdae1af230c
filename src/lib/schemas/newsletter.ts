/** The newsletter sign-up body: an e-mail address, trimmed and lowercased. */
import { z } from 'zod';

export const NewsletterSchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });
