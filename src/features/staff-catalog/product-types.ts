/**
 * The products API's replies as the staff pages read them (typed, not parsed: the staff pages load
 * no zod, see features/staff/api.ts). The API's own schemas describe the same shapes.
 */
export interface StaffProductRow {
  _id: string;
  name: string;
  brand: string;
  category: string;
  categoryId: string;
  price: number;
  discount: number;
  stock: number;
  onSale: boolean;
  version: number;
  image: string;
  updatedAt: string;
}

export interface Specification {
  name: string;
  value: string;
}

export interface StaffProduct {
  _id: string;
  name: string;
  description: string;
  /** The category's name. */
  category: string;
  categoryId: string;
  brand: string;
  price: number;
  discount: number;
  stock: number;
  images: string[];
  specifications: Specification[];
  onSale: boolean;
  version: number;
  updatedAt: string;
  numRatings: number;
  rating: number;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface StaffProductList {
  products: StaffProductRow[];
  pagination: Pagination;
}

/** The fields a change may name. */
export type ProductChanges = Partial<Pick<StaffProduct, 'name' | 'description' | 'category' | 'brand' | 'price' | 'discount' | 'stock' | 'images' | 'specifications' | 'onSale'>>;

/** A new product, as the importer takes it. */
export type NewProduct = Pick<StaffProduct, '_id' | 'name' | 'description' | 'category' | 'brand' | 'price' | 'discount' | 'stock' | 'images' | 'specifications'>;

export interface LiveState {
  version: number;
  live: boolean;
}

export interface HistoryEntry {
  id: number;
  at: string;
  /** null: the command line. */
  staffName: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  next: number | null;
}

export interface CategoryChoice {
  _id: string;
  name: string;
}
