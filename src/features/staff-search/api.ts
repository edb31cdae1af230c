/**
 * The search words page's calls to the staff API, over staffCall (a 401 goes to the sign-in). Each
 * returns the reply's data as the API's types say it, or a refusal with the API's words, field
 * errors and, for a conflict, the entry as stored now; it never throws.
 */
import { staffCall } from '#features/staff/api.ts';
import type { MissOrder, SearchMiss, StaffSynonym } from '#lib/schemas/search-words-rules.ts';

const entryPath = (id: number) => `/search/synonyms/${id}`;

/** A refused change's reply: the entry as stored now, when someone changed it meanwhile. */
export interface ConflictReply {
  current?: StaffSynonym;
}

export const listSynonyms = () => staffCall<{ synonyms: StaffSynonym[] }>('/search/synonyms');
export const addSynonym = (body: { words: string[]; means: string[] }) => staffCall<{ synonym: StaffSynonym }, ConflictReply>('/search/synonyms', { method: 'POST', body });
export const changeSynonym = (id: number, body: { words: string[]; means: string[]; version: number }) =>
  staffCall<{ synonym: StaffSynonym }, ConflictReply>(entryPath(id), { method: 'PATCH', body });
export const removeSynonym = (id: number, version: number) => staffCall<{ removed: number }, ConflictReply>(entryPath(id), { method: 'DELETE', query: { version } });
export const listMisses = (order: MissOrder) => staffCall<{ misses: SearchMiss[] }>('/search/misses', { query: { order } });
