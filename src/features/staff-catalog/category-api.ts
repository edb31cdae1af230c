/**
 * The category and review desk's calls to the staff API, over staffFetch (a 401 goes to the
 * sign-in). Each returns the reply's data as the API's types say it (not parsed again: staffFetch
 * says why), or a refusal with the API's words, field errors and, for a conflict, the record as
 * stored now; it never throws.
 */
import { staffCall as deskCall, type StaffResult } from '#features/staff/api.ts';
import type { ModeratedProductFigures, ModeratedReview, ModeratedReviewsPage, StaffCategory } from '#lib/schemas/catalog-desk-rules.ts';

export type DeskCall<T> = StaffResult<T>;

const categoryPath = (id: string) => `/categories/${encodeURIComponent(id)}`;

export const listCategories = () => deskCall<{ categories: StaffCategory[] }>('/categories');
export const addCategory = (body: { name: string; description: string; images: string[] }) => deskCall<{ category: StaffCategory }>('/categories', { method: 'POST', body });
export const changeCategory = (id: string, version: number, changes: Partial<Pick<StaffCategory, 'name' | 'description' | 'images'>>) =>
  deskCall<{ category: StaffCategory }>(categoryPath(id), { method: 'PATCH', body: { version, changes } });
export const reorderCategories = (ids: string[]) => deskCall<{ categories: StaffCategory[] }>('/categories/order', { method: 'PUT', body: { ids } });

export type Moderated = { review: ModeratedReview; product: ModeratedProductFigures };
const reviewPath = (id: string) => `/reviews/${encodeURIComponent(id)}`;

export const listReviews = (query: Record<string, string>) => deskCall<ModeratedReviewsPage>('/reviews', { query });
export const hideReview = (id: string, reason: string) => deskCall<Moderated>(`${reviewPath(id)}/hide`, { method: 'POST', body: { reason } });
export const showReview = (id: string) => deskCall<Moderated>(`${reviewPath(id)}/show`, { method: 'POST' });
