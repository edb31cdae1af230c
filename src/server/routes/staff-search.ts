/**
 * /api/staff/search: the search dictionary as editors keep it (list, add, change and remove an
 * entry, each from the version the editor opened) and the searches that found nothing. Thin: the
 * rules are catalog/synonyms-edit.ts'; every route needs `catalog.edit`.
 */
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { MissesQuery, SearchMissSchema, StaffSynonymSchema, SYNONYM_MESSAGES, SynonymBodySchema, SynonymChangeSchema, SynonymRemoveQuery } from '#lib/schemas/search-words.ts';
import type { SynonymEditor } from '#server/catalog/synonyms-edit.ts';
import { parseBody } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { dataReply, refusal } from '#server/http/openapi.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { staffRoute, type StaffGuard } from '#server/staff/route.ts';
import { refusalWith } from './reply-shapes.ts';

/** A dictionary's body is a few words: 16 KB is generous. */
const MAX_SYNONYM_BYTES = 16 * 1024;

const One = dataReply(z.strictObject({ synonym: StaffSynonymSchema }));
const FIELDS = refusal('Fields with problems, in the dictionary’s words: `errors.words` / `errors.means` (a word another entry has names that entry).');
const UNKNOWN = refusal(`'${SYNONYM_MESSAGES.unknown}'`);
const CONFLICT = { description: 'Changed by someone else since `version`: who and when in words, and the entry as stored now in `current`. Nothing was written.', schema: refusalWith({ current: StaffSynonymSchema }) };

/** The entry's id from the path; anything but a whole number is no entry. */
function entryId(c: Context): number {
  const text = pathParam(c, 'id');
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new HttpError(404, SYNONYM_MESSAGES.unknown);
  return Number(text);
}

export function staffSearchRoutes(app: OpenAPIHono, guard: StaffGuard, editor: SynonymEditor): void {
  staffRoute(app, guard, {
    method: 'get',
    path: '/search/synonyms',
    permission: 'catalog.edit',
    summary: 'The search dictionary: what shoppers type and what it finds, in the order added',
    replies: { 200: { description: 'Every entry, with its version and who saved it last (null: a catalogue file from the command line).', schema: dataReply(z.strictObject({ synonyms: z.array(StaffSynonymSchema) })) } },
  }, async (c) => c.json({ success: true, data: { synonyms: await editor.list() } }));

  staffRoute(app, guard, {
    method: 'post',
    path: '/search/synonyms',
    permission: 'catalog.edit',
    audit: 'synonym.add',
    summary: 'Add an entry to the search dictionary',
    description: '`words`: what shoppers type (1 to 12 words or phrases); `means`: what it finds (1 to 6). Saved trimmed, without repeats. A word another entry has is refused.',
    body: SynonymBodySchema,
    replies: { 201: { description: 'Added (version 1).', schema: One }, 400: FIELDS },
  }, async (c, call) => {
    const body = await parseBody(c, SynonymBodySchema, MAX_SYNONYM_BYTES);
    return c.json({ success: true, data: { synonym: await editor.add(body, call.actor) } }, 201);
  });

  staffRoute(app, guard, {
    method: 'patch',
    path: '/search/synonyms/{id}',
    permission: 'catalog.edit',
    audit: 'synonym.change',
    summary: 'Change an entry of the search dictionary, from the version the editor opened',
    body: SynonymChangeSchema,
    replies: { 200: { description: 'Saved (the version raised when anything changed).', schema: One }, 400: FIELDS, 404: UNKNOWN, 409: CONFLICT },
  }, async (c, call) => {
    const id = entryId(c);
    const body = await parseBody(c, SynonymChangeSchema, MAX_SYNONYM_BYTES);
    return c.json({ success: true, data: { synonym: await editor.change(id, body, call.actor) } });
  });

  staffRoute(app, guard, {
    method: 'delete',
    path: '/search/synonyms/{id}',
    permission: 'catalog.edit',
    audit: 'synonym.remove',
    summary: 'Remove an entry of the search dictionary, as of the version the editor saw',
    query: SynonymRemoveQuery,
    replies: { 200: { description: 'Removed.', schema: dataReply(z.strictObject({ removed: z.number().int() })) }, 400: refusal('A bad `version`.'), 404: UNKNOWN, 409: CONFLICT },
  }, async (c, call) => {
    const id = entryId(c);
    const { version } = parseQuery(c, SynonymRemoveQuery);
    await editor.remove(id, version, call.actor);
    return c.json({ success: true, data: { removed: id } });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/search/misses',
    permission: 'catalog.edit',
    summary: 'Searches that found nothing: newest first (`order=recent`, the default) or most searched first (`frequent`)',
    description: 'Only the searched words (folded), never who searched; the 200 first of the order.',
    query: MissesQuery,
    replies: { 200: { description: 'The searches, each with how many times and when first and last.', schema: dataReply(z.strictObject({ misses: z.array(SearchMissSchema) })) }, 400: refusal('A bad `order`.') },
  }, async (c) => {
    const { order } = parseQuery(c, MissesQuery);
    return c.json({ success: true, data: { misses: await editor.misses(order) } });
  });
}
