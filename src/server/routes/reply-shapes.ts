/**
 * The shapes of the API's replies that no browser schema already states (the browser reads these
 * replies through its own small readers, or through the TypeScript types of src/lib/schemas). They
 * exist for the OpenAPI document, and src/server/openapi.test.ts holds the real replies to them.
 */
import { z } from 'zod';
import { UserSchema } from '#lib/schemas/account.ts';
import { part, RefusalSchema } from '#server/http/openapi.ts';

/** A refusal that carries more than words: `conflicts`, `needsVerification`, `problems`. */
export const refusalWith = (fields: z.ZodRawShape) => z.strictObject({ ...RefusalSchema.shape, ...fields });

/** `{success: true, message}`: a change whose words are the reply. */
export const MessageReplySchema = z.strictObject({ success: z.literal(true), message: z.string() });

/** The account after a change to it. */
export const UserChangedSchema = z.strictObject({ success: z.literal(true), data: part(UserSchema), message: z.string() });
