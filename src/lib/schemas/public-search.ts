/**
 * The public search replies' schemas (GET /api/search/dictionary and /api/search/nearest), shared
 * by the server (its OpenAPI document), the build (the dictionary the suggestions' index carries)
 * and the search page (did you mean, popular products).
 */
import { z } from 'zod';
import { MAX_SEARCH_LENGTH, ProductSchema } from './catalog.ts';

export const SynonymEntrySchema = z.strictObject({ words: z.array(z.string()), means: z.array(z.string()) });

export const DictionaryReplySchema = z.strictObject({ synonyms: z.array(SynonymEntrySchema) });
export type DictionaryReply = z.infer<typeof DictionaryReplySchema>;

/** At most this many rewritten searches are offered, and this many popular products. */
export const MAX_DID_YOU_MEAN = 3;
export const MAX_POPULAR = 8;

export const NearestQuerySchema = z.strictObject({ q: z.string().max(MAX_SEARCH_LENGTH) });

export const NearestReplySchema = z.strictObject({
  /** Rewritten searches that find products, nearest first. */
  didYouMean: z.array(z.string()).max(MAX_DID_YOU_MEAN),
  /** Products in stock, most sold lately first, then best rated. */
  popular: z.array(ProductSchema).max(MAX_POPULAR),
});
export type NearestReply = z.infer<typeof NearestReplySchema>;
