/**
 * The products API's replies and requests as the product pages use them: the API's own schemas'
 * types (src/lib/schemas/staff-catalog.ts), imported as types only (a staff page loads no zod).
 */
import type { StaffHistory, StaffHistoryEntry, StaffLive, StaffProduct, StaffProductChange } from '#lib/schemas/staff-catalog.ts';

export type { StaffProduct, StaffProductList, StaffProductRow } from '#lib/schemas/staff-catalog.ts';
export type LiveState = StaffLive;
export type HistoryEntry = StaffHistoryEntry;
export type HistoryPage = StaffHistory;
export type Specification = StaffProduct['specifications'][number];

/** The fields a change may name. */
export type ProductChanges = StaffProductChange['changes'];

/** A new product, as the importer takes it. */
export type NewProduct = Pick<StaffProduct, '_id' | 'name' | 'description' | 'category' | 'brand' | 'price' | 'discount' | 'stock' | 'images' | 'specifications'>;

/** A category as the form's choice and the list's filter name it. */
export interface CategoryChoice {
  _id: string;
  name: string;
}
