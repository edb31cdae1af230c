/**
 * The search words desk's requests and replies (/api/staff/search/…), as the server checks them and
 * the OpenAPI document states them. The staff page imports search-words-rules.ts only (no zod at
 * run time there). A body's shape is checked here; what the words say is judged by the
 * dictionary's own rules (synonymProblems), so a file and the form are refused in the same words.
 */
import { z } from 'zod';
import { MISS_ORDERS } from './search-words-rules.ts';

export * from './search-words-rules.ts';

/** Loose on purpose: the limits are the dictionary's, said in its words (a list too long, a phrase too long). */
const list = z.array(z.string().max(500)).max(100);

export const SynonymBodySchema = z.strictObject({ words: list, means: list });
export const SynonymChangeSchema = z.strictObject({ words: list, means: list, version: z.number().int().min(1) });
export const SynonymRemoveQuery = z.strictObject({ version: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const MissesQuery = z.strictObject({ order: z.enum(MISS_ORDERS).optional() });

export const StaffSynonymSchema = z.strictObject({
  id: z.number().int(),
  words: z.array(z.string()),
  means: z.array(z.string()),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export const SearchMissSchema = z.strictObject({ term: z.string(), searches: z.number().int(), firstAt: z.string(), lastAt: z.string() });
